import { describe, expect, test } from 'vitest';
// Imported by the package name, as a user would: resolves through package.json "exports" to dist/.
import { OptionError, VARIANT_NAMES, countSolutions, generateVariant } from 'sudoku-press';

describe('generateVariant from the public entry', () => {
  test('makes a unique puzzle of a named variant, the same for the same seed and index', () => {
    const made = generateVariant({ variant: '6x6', seed: 'api', index: 1 });
    expect(made.variant).toBe('6x6');
    expect(made.givens.length).toBe(36);
    expect(countSolutions({ rules: made.rules, givens: made.givens })).toBe(1);
    expect(generateVariant({ variant: '6x6', seed: 'api', index: 1 }).text).toBe(made.text);
    expect(generateVariant({ variant: '6x6', seed: 'api', index: 2 }).text).not.toBe(made.text);
    expect(VARIANT_NAMES).toContain('killer');
  });

  test.each([
    [{ variant: '7x7', seed: 's', index: 1 }, /unknown variant/],
    [{ variant: '4x4', seed: 's', index: 1, level: 'expert' }, /level must be one of beginner, any for 4x4/],
    [{ variant: '4x4', seed: 1, index: 1 }, /seed must be a string/],
    [{ variant: '4x4', seed: 's', index: -1 }, /index must be a whole number/],
    [{ variant: '4x4', seed: 's', index: 1, symmetry: 'mirror' }, /symmetry must be none or rotational/],
    [{ variant: '4x4', seed: 's', index: 1, maxAttempts: 0 }, /maxAttempts must be a whole number from 1/],
    [{ variant: '4x4', seed: 's', index: 1, colour: 'red' }, /unknown generateVariant option "colour"/],
  ])('refuses %j with an OptionError', (options, message) => {
    expect(() => generateVariant(options as never)).toThrow(OptionError);
    expect(() => generateVariant(options as never)).toThrow(message);
  });

  test('reads only its own keys (a key set on Object.prototype is no option)', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto['level'] = 'expert';
    try {
      expect(generateVariant({ variant: '4x4', seed: 's', index: 1 }).variant).toBe('4x4');
    } finally {
      delete proto['level'];
    }
  });
});
