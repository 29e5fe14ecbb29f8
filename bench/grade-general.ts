/**
 * General grader benchmark (other sizes and Samurai): puzzles graded per CPU-second per grid, the
 * median of 5 passes, beside the counting solver on the same puzzles in the same run (grading as
 * a multiple of one uniqueness check), and what the ladder makes of them (median rating, share
 * needing a guess, median steps). Puzzles: our generator's (seed 'bench-general', level 'any'),
 * and Solo's 16x16 of test/fixtures/variants (our 16x16 generator takes seconds a puzzle).
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/grade-general.js [--passes=5]
 *
 * With --other=FOLDER (another build's build-bench tree, e.g. /work/wt/base16/build-bench): an A/B
 * in one process instead, passes alternating between the two builds (other, this; then this,
 * other; ...), each build grading the puzzles its own generator made (checked equal); prints each
 * build's median puzzles per CPU-s, the median of the per-round ratios (this / other), and how
 * many grades differ (rating, hardest, steps, guesses). --sets=12x12,samurai picks sets (names as
 * printed: 4x4 6x6 8x8 12x12 16x16 samurai), --count=N the puzzles of each generated set.
 * --other-no-uniqueness: the other build grades with uniqueness off (with --other=build-bench, this
 * build against itself: what the uniqueness rungs cost where the grades do not differ).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateVariant, type VariantName } from '../src/generator/variants/index.js';
import { gradePuzzle, type Grade } from '../src/grader/grade.js';
import { buildRules, type Rules, type RulesSpec } from '../src/rules/index.js';
import type { Puzzle } from '../src/rules/puzzle.js';
import { countRules } from '../src/solver/rules-solver.js';
import { median } from './stats.js';

interface Set {
  name: string;
  puzzles: { rules: Rules; givens: Uint8Array }[];
}

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const passes = Number(arg('passes') ?? 5);
const otherDir = arg('other');
const only = arg('sets')?.split(',');
const countArg = arg('count');

function generated(variant: VariantName, count: number, make: typeof generateVariant = generateVariant): Set {
  const puzzles = [];
  for (let index = 1; index <= (countArg === undefined ? count : Number(countArg)); index++) {
    const p = make({ variant, seed: 'bench-general', index, level: 'any' });
    puzzles.push({ rules: p.rules, givens: p.givens });
  }
  return { name: variant, puzzles };
}

function soloSixteen(build: typeof buildRules = buildRules): Set {
  const text = readFileSync(new URL('../../test/fixtures/variants/16x16.txt', import.meta.url), 'utf8');
  const VALUE = '.123456789ABCDEFG';
  const puzzles = text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const p = JSON.parse(line) as { size: number; givens: string };
      const spec: RulesSpec = { size: p.size };
      return { rules: build(spec), givens: Uint8Array.from(p.givens, (ch) => VALUE.indexOf(ch)) };
    });
  return { name: '16x16 (Solo)', puzzles };
}

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The sets, made with a build's generator and rules (this build's by default). */
function makeSets(make: typeof generateVariant = generateVariant, build: typeof buildRules = buildRules): Set[] {
  const all = [
    () => generated('4x4', 300, make),
    () => generated('6x6', 300, make),
    () => generated('8x8', 60, make),
    () => generated('12x12', 20, make),
    () => soloSixteen(build),
    () => generated('samurai', 20, make),
  ];
  const names = ['4x4', '6x6', '8x8', '12x12', '16x16', 'samurai'];
  return all.filter((_, i) => only === undefined || only.includes(names[i]!)).map((f) => f());
}

if (otherDir !== undefined) {
  const dir = pathToFileURL(resolve(otherDir)).href;
  const other = {
    grade: ((grade: typeof gradePuzzle) => (process.argv.includes('--other-no-uniqueness') ? (p: Puzzle) => grade(p, { uniqueness: false }) : grade))(
      ((await import(`${dir}/src/grader/grade.js`)) as { gradePuzzle: typeof gradePuzzle }).gradePuzzle,
    ),
    sets: makeSets(
      ((await import(`${dir}/src/generator/variants/index.js`)) as { generateVariant: typeof generateVariant }).generateVariant,
      ((await import(`${dir}/src/rules/index.js`)) as { buildRules: typeof buildRules }).buildRules,
    ),
  };
  const mine = { grade: gradePuzzle, sets: makeSets() };
  console.log(`general grader A/B against ${otherDir}, ${passes} rounds a set (alternated), CPU time of this thread, medians`);
  for (let s = 0; s < mine.sets.length; s++) {
    const a = other.sets[s]!;
    const b = mine.sets[s]!;
    a.puzzles.forEach((p, i) => {
      if (p.givens.join('') !== b.puzzles[i]!.givens.join('')) throw new Error(`${a.name} #${i + 1}: the builds made different puzzles`);
    });
    const pass = (build: typeof mine | typeof other, set: Set): { ms: number; grades: Grade[] } => {
      const grades: Grade[] = [];
      const ms = cpuMs(() => {
        for (const p of set.puzzles) grades.push(build.grade(p));
      });
      return { ms, grades };
    };
    const aMs: number[] = [];
    const bMs: number[] = [];
    let differ = 0;
    for (let round = 0; round < passes; round++) {
      const first = round % 2 === 0;
      const x = first ? pass(other, a) : pass(mine, b);
      const y = first ? pass(mine, b) : pass(other, a);
      const [ra, rb] = first ? [x, y] : [y, x];
      aMs.push(ra.ms);
      bMs.push(rb.ms);
      const key = (g: Grade) => `${g.rating} ${g.hardest} ${g.steps} ${g.guesses}`;
      differ = ra.grades.filter((g, i) => key(g) !== key(rb.grades[i]!)).length;
    }
    const n = a.puzzles.length;
    const ratios = aMs.map((x, i) => x / bMs[i]!);
    console.log(
      `${a.name.padEnd(8)} ${String(n).padStart(4)} puzzles  other ${((n * 1000) / median(aMs)).toFixed(1).padStart(8)}/CPU-s  this ${((n * 1000) / median(bMs)).toFixed(1).padStart(8)}/CPU-s` +
        `  speed this/other per round ${ratios.map((r) => r.toFixed(2)).join(' ')}  median ${median(ratios).toFixed(2)}x  grades differing ${differ}`,
    );
  }
  process.exit(0);
}

const sets = makeSets();
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
