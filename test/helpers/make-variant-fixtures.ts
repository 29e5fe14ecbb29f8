/**
 * Writes test/fixtures/variants/*.txt: variant puzzles for the tests and `npm run bench:variants`.
 * Run (needs sgt-solo, Debian package sgt-puzzles):
 *   npx esbuild test/helpers/make-variant-fixtures.ts --bundle --platform=node --format=esm --outfile=/tmp/mvf.mjs && node /tmp/mvf.mjs
 * Solo's puzzles are made with a fixed seed (`PARAMS#SEED`), so the files can be made again; the
 * windoku ones (Solo has none) come from our own solver: random givens kept while the puzzle still
 * has a solution, until it has one, then givens removed in random order while it stays unique.
 *
 * One puzzle per line after `#` comments, as JSON: { size, boxes?: [rows, cols], regions?: region
 * of each cell as one character 0-9A-G, x?, windoku?, cages?: [[sum, cell, cell...]...], givens:
 * one character per cell (. empty, 1-9, A-G), solo?: the Solo ID it came from }.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { withWindoku, classicRules } from '../../src/rules/index.js';
import { countRules, solveRules } from '../../src/solver/rules-solver.js';
import { readSoloId } from './solo-id.js';

const OUT = new URL('test/fixtures/variants/', `file://${process.cwd()}/`); // run from the repository's root
const CHARS = '.123456789ABCDEFG';
const REGION_CHARS = '0123456789ABCDEF';
const SOLO_VERSION = execFileSync('/usr/games/sgt-solo', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

function solo(file: string, params: string, count: number, what: string): void {
  const ids = execFileSync('/usr/games/sgt-solo', ['--generate', String(count), params], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n');
  const lines = ids.map((id) => {
    const p = readSoloId(id);
    const record: Record<string, unknown> = { size: p.size };
    if (p.boxes !== null && (p.boxes.rows !== 3 || p.boxes.cols !== 3)) record['boxes'] = [p.boxes.rows, p.boxes.cols];
    if (p.regions !== null) record['regions'] = p.regions.map((r) => REGION_CHARS[r]).join('');
    if (p.diagonals) record['x'] = true;
    if (p.cages !== null) record['cages'] = p.cages.map((cage) => [cage.sum, ...cage.cells]);
    record['givens'] = p.givens.map((d) => CHARS[d]).join('');
    record['solo'] = id;
    return JSON.stringify(record);
  });
  const header = [`# ${what}`, `# source: sgt-solo --generate ${count} '${params}' (${SOLO_VERSION}), IDs read by test/helpers/solo-id.ts`, `# made by test/helpers/make-variant-fixtures.ts`];
  writeFileSync(new URL(file, OUT), [...header, ...lines, ''].join('\n'));
}

function windoku(file: string, seed: string, count: number): void {
  const rules = withWindoku(classicRules(9));
  const random = seedrandom(seed);
  // One solution, then per puzzle a random relabelling of its digits and a random removal order
  // (random givens would be faster to write but proving "no solution" on a near-empty grid is slow).
  const base = solveRules(rules, new Uint8Array(81))!;
  const lines: string[] = [];
  while (lines.length < count) {
    const relabel = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    for (let i = 9; i > 1; i--) {
      const j = 1 + Math.floor(random() * i);
      [relabel[i], relabel[j]] = [relabel[j]!, relabel[i]!];
    }
    const givens = Uint8Array.from(base, (d) => relabel[d]!);
    const order = Array.from({ length: 81 }, (_, i) => i);
    for (let i = 80; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const cell of order) {
      const digit = givens[cell]!;
      givens[cell] = 0;
      if (countRules(rules, givens, 2) !== 1) givens[cell] = digit;
    }
    lines.push(JSON.stringify({ size: 9, windoku: true, givens: Array.from(givens, (d) => CHARS[d]).join('') }));
  }
  const header = ['# Windoku (9x9 with four extra 3x3 windows), minimal givens', `# source: test/helpers/make-variant-fixtures.ts, seedrandom('${seed}'): one solution (our rules solver on the empty grid), digits relabelled at random, givens removed in random order while unique`];
  writeFileSync(new URL(file, OUT), [...header, ...lines, ''].join('\n'));
}

solo('classic-solo.txt', '3x3di#vsolver', 100, 'Classic 9x9, Solo intermediate (the band solver\'s comparison set)');
solo('jigsaw.txt', '3x3jdi#vsolver', 100, 'Jigsaw 9x9, Solo intermediate');
solo('jigsaw-unreasonable.txt', '3x3jdu#vsolver', 30, 'Jigsaw 9x9, Solo unreasonable');
solo('x.txt', '3x3xdi#vsolver', 100, 'Sudoku X 9x9, Solo intermediate');
solo('killer.txt', '3x3k#vsolver', 100, 'Killer 9x9 without givens, Solo default difficulty');
solo('6x6.txt', '2x3#vsolver', 100, '6x6 (2x3 boxes), Solo default difficulty');
solo('16x16.txt', '4x4#vsolver', 20, '16x16 (4x4 boxes), Solo default difficulty');
windoku('windoku.txt', 'vsolver-windoku', 100);
