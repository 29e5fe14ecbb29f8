/**
 * Writes test/fixtures/killer-techniques.txt: instances of every killer technique, taken from the
 * solving paths of the killer ladder (bench/killer-ladder.ts) over Solo's killers
 * (test/fixtures/killer-solo-levels.txt) and our generator's (generateVariant killer, seed
 * 'killer-fixtures'). At every board on a path each killer technique is asked; of the boards where
 * it finds a step, the three with the fewest earlier eliminations (from three different puzzles)
 * are kept. The expected result is the step found; the test checks it again, and checks it
 * against the puzzle's solution, so a wrong step cannot pass.
 * Run from the repository's root:
 *   npx esbuild test/helpers/make-killer-fixtures.ts --bundle --platform=node --format=esm --outfile=/tmp/mkf.mjs && node /tmp/mkf.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { boardFromGrid } from '../../src/core/board.js';
import { geometryOf } from '../../src/core/geometry.js';
import { formatVariantLine, fromSoloId } from '../../src/formats/index.js';
import { generateVariant } from '../../src/generator/variants/index.js';
import type { Rules } from '../../src/rules/types.js';
import { KILLER_TECHNIQUES } from '../../src/techniques/killer/index.js';
import { gradeKiller } from '../../bench/killer-ladder.js';
import { eliminationTokens } from './killer-fixtures.js';
import { stepResult } from './technique-fixtures.js';

const PER_TECHNIQUE = 3;
const ROOT = `file://${process.cwd()}/`;

interface Found {
  puzzle: number;
  tokens: string[];
  line: string;
  result: string[];
}

const puzzles: { rules: Rules; givens: Uint8Array }[] = [];
for (const line of readFileSync(new URL('test/fixtures/killer-solo-levels.txt', ROOT), 'utf8').split('\n')) {
  if (line === '' || line.startsWith('#')) continue;
  const read = fromSoloId(line.split(' ')[1]!);
  puzzles.push({ rules: read.rules, givens: read.givens });
}
for (const level of ['easy', 'medium', 'hard'] as const) {
  for (let index = 1; index <= 6; index++) {
    const p = generateVariant({ variant: 'killer', seed: 'killer-fixtures', index, level });
    puzzles.push({ rules: p.rules, givens: p.givens });
  }
}

const found = new Map<string, Found[]>(KILLER_TECHNIQUES.map((def) => [def.id, []]));
puzzles.forEach((puzzle, index) => {
  const geometry = geometryOf(puzzle.rules);
  gradeKiller(puzzle.rules, puzzle.givens, {
    onStep: (_step, board) => {
      for (const def of KILLER_TECHNIQUES) {
        const step = def.find(board, { uniqueness: false, geometry });
        if (step === null) continue;
        const list = found.get(def.id)!;
        const tokens = eliminationTokens(boardFromGrid(Array.from(board.values), geometry), board);
        const mine = list.findIndex((f) => f.puzzle === index);
        if (mine >= 0 && list[mine]!.tokens.length <= tokens.length) continue;
        const entry = { puzzle: index, tokens, line: formatVariantLine({ rules: puzzle.rules, givens: board.values }), result: stepResult(step) };
        if (mine >= 0) list[mine] = entry;
        else list.push(entry);
        list.sort((a, b) => a.tokens.length - b.tokens.length);
        if (list.length > PER_TECHNIQUE * 4) list.length = PER_TECHNIQUE * 4;
      }
    },
  });
});

const header = [
  '# Killer technique instances (src/techniques/killer). Format (test/helpers/killer-fixtures.ts):',
  '#   technique-id | killer variant line (cages and the digits placed so far) | eliminations applied first (- for none) | expected placements/eliminations',
  "# Taken from the killer ladder's solving paths over Solo's killers (killer-solo-levels.txt) and ours",
  "# (generateVariant killer, seed 'killer-fixtures'): the boards with the fewest earlier eliminations.",
  '# Made by test/helpers/make-killer-fixtures.ts; the test checks each result again and against the solution.',
];
/**
 * Written by hand: a 3-cage of 7 is 1+2+4; box 1 less three cages of 41 leaves 4 for r3c3; row 1's
 * cages reach 52, 7 more than 45, out to r2c9; beside a 2-cage of 4 (1+3), a 2-cage of 10 is 2+8
 * or 4+6, and the rest of the row has no 1 or 3.
 */
const HAND = [
  'cage-combination | killer:................................................................................. cages=aaa.............................................................................. sums=7 | - | r1c1-3 r1c1-5 r1c1-6 r1c1-7 r1c1-8 r1c1-9 r1c2-3 r1c2-5 r1c2-6 r1c2-7 r1c2-8 r1c2-9 r1c3-3 r1c3-5 r1c3-6 r1c3-7 r1c3-8 r1c3-9',
  'innies | killer:................................................................................. cages=aaa......bbb......cc............................................................. sums=6,24,11 | - | r3c3=4',
  'outies | killer:................................................................................. cages=aaaabbbbc........c............................................................... sums=10,30,12 | - | r2c9=7',
  'house-combination | killer:................................................................................. cages=aabb............................................................................. sums=10,4 | - | r1c1-1 r1c1-3 r1c1-7 r1c1-9 r1c2-1 r1c2-3 r1c2-7 r1c2-9 r1c5-1 r1c5-3 r1c6-1 r1c6-3 r1c7-1 r1c7-3 r1c8-1 r1c8-3 r1c9-1 r1c9-3',
];
const lines: string[] = ['# By hand', ...HAND, '# From solving paths'];
for (const def of KILLER_TECHNIQUES) {
  const list = found.get(def.id)!.slice(0, PER_TECHNIQUE);
  if (list.length === 0) console.error(`no instance of ${def.id}`);
  for (const f of list) lines.push(`${def.id} | ${f.line} | ${f.tokens.length === 0 ? '-' : f.tokens.join(' ')} | ${f.result.join(' ')}`);
}
writeFileSync(new URL('test/fixtures/killer-techniques.txt', ROOT), [...header, ...lines, ''].join('\n'));
console.log(`${lines.length} cases from ${puzzles.length} puzzles`);
