import { describe, expect, test } from 'vitest';
import { run } from './helpers/cli.js';

// SE ratings: 6.6 (forcing X-chain) and 8.5 (needs forcing chains above 7.4).
const SIX_SIX = '91.8.6..2..6.....1....1..5.7..154..9..93.82..4..962..3.7..8....3.....5..6..4.5.27';
const HARDER = '1...2...5.6.....1.9.4...3.6...1.9...2.......4...253.....7...8..8.1.9.5.75...8...3';

describe('grade --max-rating', () => {
  test('puzzles within the cap get their full grade; harder ones a lower bound', async () => {
    const result = await run(['grade', '--max-rating', '7.4'], `${SIX_SIX}\n${HARDER}\n`);
    expect(result.code).toBe(0);
    const [first, second] = result.stdout.trim().split('\n');
    expect(first).toBe(`${SIX_SIX}  6.6/1.0/1.0  expert  forcing-x-chain  0 guesses`);
    expect(second).toMatch(new RegExp(`^${HARDER.replaceAll('.', '\\.')}  >=7\\.5/\\d\\.\\d/\\d\\.\\d  extreme  `));
  });

  test('a lower bound below the extreme level is shown as "level or harder"', async () => {
    const result = await run(['grade', '--max-rating', '6.0', '--json'], `${SIX_SIX}\n`);
    const grade = JSON.parse(result.stdout);
    expect(grade).toMatchObject({ lowerBound: true });
    expect(grade.rating).toBeGreaterThan(6.0);
    const text = await run(['grade', '--max-rating', '6.0'], `${SIX_SIX}\n`);
    expect(text.stdout).toContain('  expert+  ');
  });

  test('a bad value is a usage error', async () => {
    for (const bad of ['abc', '0', '99', '-1']) {
      const result = await run(['grade', '--max-rating', bad], `${SIX_SIX}\n`);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--max-rating must be a rating between 1.0 and 20.0');
    }
  });
});
