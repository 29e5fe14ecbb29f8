/**
 * Variant grading speed of this build against another build, in one process: passes over a
 * variant's puzzles (variant-cases.ts) alternate between the two builds (A, B, then B, A, ...), so
 * that both see the same load of a shared machine; prints each build's median puzzles per CPU-s
 * and the median of the per-round ratios (this build / the other).
 *
 *   npx tsc -p tsconfig.bench.json
 *   cp -r build-bench /tmp/before     # on the code before (any folder holding a build-bench tree)
 *   node build-bench/bench/grade-ab.js --other=/tmp/before [--rounds=12] [jigsaw x windoku]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gradePuzzle } from '../src/grader/grade.js';
import type { Puzzle } from '../src/rules/puzzle.js';
import { type Case, loadTrainingSet, loadWindoku } from './variant-cases.js';
import { median } from './stats.js';

interface Build {
  grade: (puzzle: Puzzle) => unknown;
  cases: Case[];
}

const otherArg = process.argv.find((a) => a.startsWith('--other='));
if (otherArg === undefined) {
  console.error('usage: grade-ab.js --other=BUILD_BENCH_FOLDER [--rounds=N] [VARIANT...]');
  process.exit(2);
}
const otherDir = pathToFileURL(resolve(otherArg.slice('--other='.length))).href;
const roundsArg = process.argv.find((a) => a.startsWith('--rounds='));
const rounds = roundsArg === undefined ? 12 : Math.max(1, Number(roundsArg.slice('--rounds='.length)) || 12);
const variants = process.argv.slice(2).filter((a) => !a.startsWith('--'));

// Each build grades the puzzles its own rules constructors made (rules are checked to be theirs).
const otherGrade = (await import(`${otherDir}/src/grader/grade.js`)) as { gradePuzzle: (p: Puzzle) => unknown };
const otherCases = (await import(`${otherDir}/bench/variant-cases.js`)) as { loadTrainingSet: () => Case[]; loadWindoku: () => Case[] };
const mine: Build = { grade: (p) => gradePuzzle(p), cases: [...loadTrainingSet(), ...loadWindoku()] };
const other: Build = { grade: (p) => otherGrade.gradePuzzle(p), cases: [...otherCases.loadTrainingSet(), ...otherCases.loadWindoku()] };

function pass(build: Build, variant: string): number {
  const cases = build.cases.filter((c) => c.variant === variant);
  const cpu0 = process.cpuUsage();
  for (const c of cases) build.grade({ rules: c.rules, givens: c.givens });
  const cpu = process.cpuUsage(cpu0);
  return (cases.length * 1e6) / (cpu.user + cpu.system);
}

for (const variant of variants.length > 0 ? variants : [...new Set(mine.cases.map((c) => c.variant))]) {
  pass(other, variant);
  pass(mine, variant);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      a.push(pass(other, variant));
      b.push(pass(mine, variant));
    } else {
      b.push(pass(mine, variant));
      a.push(pass(other, variant));
    }
  }
  const ratios = a.map((x, i) => b[i]! / x);
  console.log(`${variant.padEnd(7)} other ${median(a).toFixed(1)}, this ${median(b).toFixed(1)} puzzles per CPU-s; this / other per round ${ratios.map((r) => r.toFixed(2)).join(' ')}; median ${median(ratios).toFixed(3)}`);
}
