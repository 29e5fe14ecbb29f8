/**
 * The general ladder's nested forcing chains (9.5+, techniques/general/nested*.ts) against the 9x9
 * ladder's on classic rules: walks each puzzle's 9x9 path (uniqueness off) and, on every board
 * where the 9x9 step is a nested forcing chain (SE's levels 2-5: 'nested-forcing-chains',
 * 'nested-multiple-forcing-chains', 'nested-dynamic-forcing-chains', '...-plus'), asks the general
 * ladder for its step there: the same technique, rating and removals count as agreeing, counted
 * apart for levels 2-3 and 4-5. Prints each board's result, the agreement and the times (the 9x9
 * step, the general step).
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/nested-classic.js FILE [--max=N] [--from=N] [--effort=N]
 *
 * --effort: the general search's effort limit (default the ladder's, 5,000,000): most level-4
 * boards need 5-7M.
 *
 * FILE: puzzles one a line (81 characters, '.' or 0 for empty; a tsv's first column, '#' lines
 * skipped), e.g. test/fixtures/forum-serate.tsv (its second column) or test/fixtures/data/forum_hardest_1106.txt.
 */
import { readFileSync } from 'node:fs';
import { applyStep, boardFromGrid } from '../src/core/board.js';
import type { Step } from '../src/core/step.js';
import { nextStep } from '../src/grader/grade.js';
import { shapeOf } from '../src/grader/general/shape.js';
import { classicRules } from '../src/rules/index.js';
import { findGeneralStep } from '../src/techniques/general/ladder.js';
import { newScan } from '../src/techniques/general/places.js';

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (file === undefined) throw new Error('usage: nested-classic.js FILE [--max=N] [--from=N] [--effort=N]');
const max = Number(arg('max') ?? Infinity);
const from = Number(arg('from') ?? 0);
const effort = arg('effort');

const puzzles = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.length > 0 && !line.startsWith('#'))
  .map((line) => line.split('\t').find((f) => /^[.0-9]{81}$/.test(f)))
  .filter((p): p is string => p !== undefined)
  .slice(from, from + max);

const key = (step: Step | null): string =>
  step === null ? 'none' : `${step.technique} ${step.difficulty} +${step.placements.map((p) => `${p.cell}:${p.digit}`).join(',')} -${step.eliminations.map((e) => `${e.cell}:${e.digit}`).join(',')}`;

const shape = shapeOf(classicRules(9));
let agreeLevel2 = 0;
let level2 = 0;
let agreeDeeper = 0;
let deeper = 0;
const timesDeeper: number[] = [];
let bounded = 0;
const times9: number[] = [];
const timesGeneral: number[] = [];
puzzles.forEach((line, i) => {
  const board = boardFromGrid(line.replace(/\./g, '0'));
  for (;;) {
    let t = performance.now();
    const nine = nextStep({ values: board.values.slice(), candidates: board.candidates.slice() }, { uniqueness: false });
    const t9 = performance.now() - t;
    if (nine === null) break;
    if (nine.technique.startsWith('nested-')) {
      t = performance.now();
      const found = findGeneralStep(board, newScan(shape, effort === undefined ? {} : { effortLimit: Number(effort) }));
      const general = found.step;
      const tg = performance.now() - t;
      times9.push(t9);
      timesGeneral.push(tg);
      const ok = key(general) === key(nine);
      if (nine.technique === 'nested-forcing-chains' || nine.technique === 'nested-multiple-forcing-chains') {
        level2++;
        if (ok) agreeLevel2++;
      } else {
        deeper++;
        timesDeeper.push(tg);
        if (ok) agreeDeeper++;
      }
      // A search that gave up at the effort limit is no disagreement: the grade says ">= its base".
      if (!ok && found.bounded > 0) bounded++;
      const verdict = ok ? 'same' : found.bounded > 0 ? `BOUNDED at ${found.bounded}` : 'DIFF';
      console.log(`#${from + i + 1} ${verdict} 9x9 ${key(nine)} (${t9.toFixed(0)} ms) | general ${key(general)} (${tg.toFixed(0)} ms)`);
    }
    applyStep(board, nine);
  }
});
const med = (xs: number[]): number => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
console.log(`level 2-3 boards: ${agreeLevel2} of ${level2} the same step; level 4-5 boards: ${agreeDeeper} of ${deeper} the same step; ${bounded} others where the general search gave up at its effort limit`);
console.log(`median ms per board: 9x9 ${med(times9).toFixed(0)}, general ${med(timesGeneral).toFixed(0)} (level 4-5 boards: ${med(timesDeeper).toFixed(0)})`);
