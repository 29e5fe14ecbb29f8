import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

/*
 * test/fixtures/general/technique-steps.txt is the output of test/helpers/make-general-fixtures.ts
 * on technique-sources.txt. Making it takes minutes (Samurai and 16x16 paths), so the suite checks
 * only what a hand edit would break; `npm run fixtures:general -- --check` compares the whole file.
 */
const rowsOf = (name: string): string[][] =>
  readFileSync(new URL(`./fixtures/general/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((row) => row !== '' && !row.startsWith('#'))
    .map((row) => row.split('\t'));

describe('the general technique fixture is the maker\'s output', () => {
  const sources = rowsOf('technique-sources.txt');
  const steps = rowsOf('technique-steps.txt');

  test('it says so, and names the command that makes it', () => {
    const header = readFileSync(new URL('./fixtures/general/technique-steps.txt', import.meta.url), 'utf8').split('\n')[1];
    expect(header).toContain('made by test/helpers/make-general-fixtures.ts from technique-sources.txt: npm run fixtures:general');
    const scripts = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['fixtures:general']).toContain('test/helpers/make-general-fixtures.ts');
  });

  test('each step comes from a source of its grid, in the sources\' order, each technique once a grid, a kept board as kept', () => {
    let last = -1;
    const seen = new Set<string>();
    for (const [grid, technique, line, index, , values, candidates] of steps) {
      // A kept board's step is the one at its index on that board; any other, the puzzle walked.
      const kept = sources.findIndex(([g, l, i, v, c]) => g === grid && l === line && i === index && v === values && c === candidates);
      const at = kept >= 0 ? kept : sources.findIndex(([g, l, i]) => g === grid && l === line && i === undefined);
      expect(at, `${grid} ${technique}: not from a source`).toBeGreaterThanOrEqual(0);
      expect(at, `${grid} ${technique}: out of the sources' order`).toBeGreaterThanOrEqual(last);
      last = at;
      expect(seen.has(`${grid} ${technique}`), `${grid} ${technique} twice`).toBe(false);
      seen.add(`${grid} ${technique}`);
    }
  });
});
