import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { classicGeometry } from '../src/core/geometry.js';
import { buildChainHouses } from '../src/techniques/forcing/se-units-build.js';
import { seHousesOf } from '../src/techniques/forcing/se-units.js';
import { buildHouseOrder } from '../src/techniques/houses-build.js';
import { TYPE_BLOCK, TYPE_COLUMN, TYPE_ROW, seHouses } from '../src/techniques/houses.js';
import { gradePuzzle } from '../src/grader/grade.js';
import { parseVariantPuzzle } from '../src/formats/index.js';

/*
 * The code for houses other than classic's is linked in by buildRules (techniques/variant-link.ts,
 * core/geometry.ts linkGeometryBuilder, rules/solver-link.ts), so that the classic calls' bundle
 * does not carry it (test/package.test.ts measures that bundle). Two things must hold: classic's
 * own small tables are the ones the general builders make, and a variant graded through the
 * public API works with nothing more done by the caller, in a fresh process and in a bundle.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const FIXTURES = join(ROOT, 'test', 'fixtures', 'variants');

/** The first puzzle column of a fixture file's line `n` (1-based, comments counted). */
function fixtureLine(file: string, n: number): string {
  return readFileSync(join(FIXTURES, file), 'utf8').split('\n')[n - 1]!.split('\t')[0]!;
}

// A jigsaw (SE 7.2), an X (SE 7.1), a windoku (SE 4.2) and a killer, each a line as the variant reader takes it.
const LINES = [fixtureLine('se-rated.txt', 106), fixtureLine('se-rated.txt', 257), fixtureLine('windoku-se-rated.txt', 3), fixtureLine('killer-graded.txt', 5)];

describe('classic tables equal the general builders (what the link leaves out of classic bundles)', () => {
  test("the chain houses: se-units.ts's classic tables are buildChainHouses(classic) but for the locking pairs", () => {
    const classic = seHousesOf();
    const general = buildChainHouses(classicGeometry());
    const { lockingPairs: classicPairs, ...classicRest } = classic;
    const { lockingPairs: generalPairs, ...generalRest } = general;
    expect(classicRest).toEqual(generalRest);
    // Classic locking has its own scan (forcing/advanced.ts): the pairs are left empty there.
    expect(classicPairs.length).toBe(0);
    expect(generalPairs.length).toBeGreaterThan(0);
  });

  test("SE's house order: houses.ts's classic table is buildHouseOrder(classic)'s order (its types and their runs serve the other houses' singles and locking only)", () => {
    const { order, typeOf, typeStart, singleRuns, lockingPairs, typeIds } = buildHouseOrder(classicGeometry());
    expect(seHouses(classicGeometry())).toEqual({ order });
    expect(Array.from(order, (house) => typeOf[house])).toEqual([...Array<number>(9).fill(TYPE_BLOCK), ...Array<number>(9).fill(TYPE_COLUMN), ...Array<number>(9).fill(TYPE_ROW)]);
    // What classic's own scans do in singles.ts and intersections.ts: boxes, columns, rows; locking box/line both ways.
    expect(typeStart).toEqual([0, 9, 18, 27]);
    expect(singleRuns).toEqual([[0, 3]]);
    expect(lockingPairs).toEqual([[0, 1], [0, 2], [1, 0], [2, 0]]);
    expect(typeIds).toEqual([TYPE_BLOCK, TYPE_COLUMN, TYPE_ROW]);
  });
});

describe('a variant graded through the public API needs nothing more from the caller', () => {
  const expected = LINES.map((line) => gradePuzzle(parseVariantPuzzle(line)));

  test('the lines are variants the grader rates (not classic)', () => {
    expect(LINES.map((line) => parseVariantPuzzle(line).rules.variant)).toEqual(['jigsaw', 'x', 'windoku', 'killer']);
    expect(expected.map((grade) => grade.rating)).toEqual([7.2, 7.1, 4.2, expect.any(Number)]);
  });

  test('in a fresh Node process importing the built package (dist/index.js)', () => {
    const script = `
      import { gradePuzzle, parseVariantPuzzle } from ${JSON.stringify(join(ROOT, 'dist', 'index.js'))};
      const lines = ${JSON.stringify(LINES)};
      console.log(JSON.stringify(lines.map((line) => gradePuzzle(parseVariantPuzzle(line)))));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000 });
    expect(JSON.parse(out)).toEqual(expected);
  }, 150_000);

  test("in a browser bundle of the bundlers' files (dist/esm) that imports only the grader and the rules constructors", async () => {
    const puzzles = LINES.slice(0, 3).map((line) => parseVariantPuzzle(line));
    const entry = `
      import { gradePuzzle, jigsawRules, withDiagonals, withWindoku, classicRules } from ${JSON.stringify(join(ROOT, 'dist', 'esm', 'index.js'))};
      const givens = ${JSON.stringify(puzzles.map((puzzle) => Array.from(puzzle.givens)))};
      const rules = [jigsawRules(${JSON.stringify(Array.from(puzzles[0]!.rules.regionOf))}), withDiagonals(classicRules(9)), withWindoku(classicRules(9))];
      globalThis.result = JSON.stringify(rules.map((r, i) => gradePuzzle({ rules: r, givens: givens[i] })));
    `;
    const bundle = await build({ stdin: { contents: entry, resolveDir: ROOT, loader: 'js' }, bundle: true, platform: 'browser', format: 'iife', write: false, logLevel: 'silent' });
    const context: Record<string, unknown> = { console };
    context['globalThis'] = context;
    runInNewContext(bundle.outputFiles[0]!.text, context);
    expect(JSON.parse(context['result'] as string)).toEqual(expected.slice(0, 3));
  }, 150_000);
});
