/**
 * General grader benchmark (other sizes and Samurai): puzzles graded per CPU-second per grid, the
 * median of 5 passes, beside the counting solver on the same puzzles in the same run (grading as
 * a multiple of one uniqueness check), and what the ladder makes of them (median rating, share
 * needing a guess, median steps). Puzzles: our generator's (seed 'bench-general', level 'any'),
 * and Solo's 16x16 of test/fixtures/variants (our 16x16 generator takes seconds a puzzle).
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/grade-general.js [--passes=5]
 */
import { readFileSync } from 'node:fs';
import { generateVariant, type VariantName } from '../src/generator/variants/index.js';
import { gradePuzzle, type Grade } from '../src/grader/grade.js';
import { buildRules, type Rules, type RulesSpec } from '../src/rules/index.js';
import { countRules } from '../src/solver/rules-solver.js';

interface Set {
  name: string;
  puzzles: { rules: Rules; givens: Uint8Array }[];
}

const passes = Number(/^--passes=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--passes=')) ?? '')?.[1] ?? 5);

function generated(variant: VariantName, count: number): Set {
  const puzzles = [];
  for (let index = 1; index <= count; index++) {
    const p = generateVariant({ variant, seed: 'bench-general', index, level: 'any' });
    puzzles.push({ rules: p.rules, givens: p.givens });
  }
  return { name: variant, puzzles };
}

function soloSixteen(): Set {
  const text = readFileSync(new URL('../../test/fixtures/variants/16x16.txt', import.meta.url), 'utf8');
  const VALUE = '.123456789ABCDEFG';
  const puzzles = text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const p = JSON.parse(line) as { size: number; givens: string };
      const spec: RulesSpec = { size: p.size };
      return { rules: buildRules(spec), givens: Uint8Array.from(p.givens, (ch) => VALUE.indexOf(ch)) };
    });
  return { name: '16x16 (Solo)', puzzles };
}

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const sets: Set[] = [generated('4x4', 300), generated('6x6', 300), generated('8x8', 60), generated('12x12', 20), soloSixteen(), generated('samurai', 20)];

console.log(`general grader, ${passes} passes each (grade and solver passes alternated), medians; CPU time of this thread`);
console.log('grid            puzzles  graded/CPU-s  solved/CPU-s  grade/solve  median rating  guessed  median steps');
for (const set of sets) {
  const gradeMs: number[] = [];
  const solveMs: number[] = [];
  let grades: Grade[] = [];
  for (let pass = 0; pass < passes; pass++) {
    solveMs.push(cpuMs(() => {
      for (const p of set.puzzles) countRules(p.rules, p.givens, 2);
    }));
    const out: Grade[] = [];
    gradeMs.push(cpuMs(() => {
      for (const p of set.puzzles) out.push(gradePuzzle(p));
    }));
    grades = out;
  }
  const n = set.puzzles.length;
  const graded = (n * 1000) / median(gradeMs);
  const solved = (n * 1000) / median(solveMs);
  const guessed = grades.filter((g) => g.guesses > 0).length;
  console.log(
    `${set.name.padEnd(15)} ${String(n).padStart(7)}  ${graded.toFixed(0).padStart(12)}  ${solved.toFixed(0).padStart(12)}  ${(solved / graded).toFixed(1).padStart(10)}x` +
      `  ${median(grades.map((g) => g.rating)).toFixed(1).padStart(13)}  ${`${guessed}/${n}`.padStart(7)}  ${String(median(grades.map((g) => g.steps))).padStart(12)}`,
  );
}
