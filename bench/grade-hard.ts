/*
 * Speed and accuracy of grading at the top of the scale (ER 7.5 and above).
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/grade-hard.js [--limit N] [--verbose] [--by-technique]
 *
 *   --se-only, --forum-only: one file only; --limit N: the first N puzzles of each file;
 *   --verbose: one line per puzzle; --by-technique: a further pass that times each technique;
 *   --passes N: timed passes over each file (default 2; each puzzle's lowest time is kept).
 *
 * Grades the puzzles of se-rated-train.tsv rated 7.5 or more (against SE's own ER) and those of
 * forum_hardest_1106.txt (speed, the puzzles that need SE's levels 4-5 apart, serate's ER/EP/ED
 * where it was run: test/fixtures/forum-serate.tsv, and a reference piece of work timed in the same
 * run: counting solutions), single-threaded, with the library's gradePuzzle, the
 * function `grade` and every user call. Times are CPU time of this process, each puzzle's lowest
 * over the passes (two by default; the machine is shared: other jobs only add time; the first pass
 * alone is shown too). The technique pass grades once more with a timer around each technique.
 */
import { readFileSync } from 'node:fs';
import { parsePuzzle } from '../src/core/parse.js';
import { gradePuzzle } from '../src/grader/grade.js';
import { GRADER_LADDER, ladderGroups } from '../src/techniques/ladder.js';
import { Solver } from '../src/solver/index.js';
import { mean, median } from './stats.js';

const DATA = new URL('../../../shared/data/', import.meta.url);
const args = process.argv.slice(2);
const limitArg = args.indexOf('--limit');
const limit = limitArg >= 0 ? Number(args[limitArg + 1]) : Infinity;
const verbose = args.includes('--verbose');
const byTechnique = args.includes('--by-technique');
const passesArg = args.indexOf('--passes');
const passes = passesArg >= 0 ? Math.max(1, Number(args[passesArg + 1])) : 2;
const only = args.includes('--se-only') ? 'se' : args.includes('--forum-only') ? 'forum' : 'both';

/** CPU time spent in each technique (the --by-technique pass). */
const techniqueTime = new Map<string, number>();

/** CPU time of this process in ms (the machine is shared: wall time would count other jobs). */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The grade of a puzzle with gradePuzzle, and its CPU time. */
function timedGrade(puzzle: string): { rating: number; pearl: number; diamond: number; lowerBound: boolean; guesses: number; hardest: string; deep: boolean; ms: number } {
  const grid = parsePuzzle(puzzle);
  const start = cpuMs();
  const grade = gradePuzzle(grid);
  const ms = cpuMs() - start;
  const deep = Object.keys(grade.counts).some((id) => DEEP_LEVELS.includes(id));
  return { rating: grade.rating, pearl: grade.pearl, diamond: grade.diamond, lowerBound: grade.lowerBound, guesses: grade.guesses, hardest: grade.hardest, deep, ms };
}

/** SE's levels 4 and 5: the seconds-long searches, run only where levels 1-3 find nothing. */
const DEEP_LEVELS = ['nested-dynamic-forcing-chains', 'nested-dynamic-forcing-chains-plus'];

/**
 * A further pass of gradePuzzle with each technique of its ladder (GRADER_LADDER) wrapped in a
 * timer (restored after). What is left is the chains group (searched at once by the grader, not through `find`),
 * the checks and the grader's own loop.
 */
function timeTechniques(puzzles: readonly string[]): void {
  if (!byTechnique) return;
  const finds = GRADER_LADDER.map((def) => def.find);
  GRADER_LADDER.forEach((def, i) => {
    const find = finds[i]!;
    def.find = (board, context) => {
      const start = cpuMs();
      try {
        return find(board, context);
      } finally {
        techniqueTime.set(def.id, (techniqueTime.get(def.id) ?? 0) + cpuMs() - start);
      }
    };
  });
  let total = 0;
  try {
    for (const puzzle of puzzles) total += timedGrade(puzzle).ms;
  } finally {
    GRADER_LADDER.forEach((def, i) => (def.find = finds[i]!));
  }
  const timed = [...techniqueTime.values()].reduce((a, b) => a + b, 0);
  const top = [...techniqueTime.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  const parts = top.map(([id, ms]) => `${id} ${(ms / 1000).toFixed(1)}`);
  console.log(`  time by technique (s, a further pass): ${parts.join(', ')}; chains group and the rest ${((total - timed) / 1000).toFixed(1)}`);
  techniqueTime.clear();
}

/**
 * Grades every puzzle `passes` times (whole passes, so that the machine's load differs between
 * them) and keeps each puzzle's lowest CPU time: other jobs on a shared machine only add time.
 * Returns the first pass's grades and times too.
 */
function timePasses(puzzles: readonly string[]): { grades: ReturnType<typeof timedGrade>[]; first: number[]; best: number[] } {
  const grades = puzzles.map((puzzle) => timedGrade(puzzle));
  const first = grades.map((g) => g.ms);
  const best = first.slice();
  for (let pass = 1; pass < passes; pass++) {
    puzzles.forEach((puzzle, i) => {
      best[i] = Math.min(best[i]!, timedGrade(puzzle).ms);
    });
  }
  return { grades, first, best };
}

function describeTimes(first: number[], best: number[]): string {
  const lowest = `mean ${mean(best).toFixed(0)} ms, median ${median(best).toFixed(0)} ms, max ${Math.max(...best).toFixed(0)} ms`;
  if (passes === 1) return `  CPU time per puzzle: ${lowest}`;
  return `  CPU time per puzzle, the lower of ${passes} passes: ${lowest}\n  (first pass alone: mean ${mean(first).toFixed(0)} ms, median ${median(first).toFixed(0)} ms)`;
}

/** CPU time of counting every puzzle's solutions 200 times over (a fixed, grader-free piece of work). */
function referenceMs(puzzles: readonly string[]): number {
  const solver = new Solver();
  const grids = puzzles.map((puzzle) => parsePuzzle(puzzle));
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const start = cpuMs();
    for (let pass = 0; pass < 200; pass++) for (const grid of grids) solver.count(grid, 2);
    best = Math.min(best, cpuMs() - start);
  }
  return best;
}

function main(): void {
  const groups = ladderGroups({ uniqueness: true });
  console.log(`grade-hard: ${groups.length} producer groups; times of gradePuzzle`);

  if (only !== 'forum') {
    const rows = readFileSync(new URL('se-rated-train.tsv', DATA), 'utf8').trim().split('\n').slice(1)
      .map((line) => line.split('\t')).filter((f) => Number(f[1]) >= 7.5).slice(0, limit);
    const { grades, first, best } = timePasses(rows.map((f) => f[0]!));
    let exact = 0;
    let near = 0;
    let truncated = 0;
    let guessed = 0;
    grades.forEach((result, i) => {
      const [puzzle, er] = rows[i]!;
      const diff = Math.round((result.rating - Number(er)) * 10) / 10;
      if (diff === 0) exact++;
      if (Math.abs(diff) <= 0.3) near++;
      if (result.lowerBound) truncated++;
      if (result.guesses > 0) guessed++;
      if (verbose) console.log(`${puzzle} ER ${er} ours ${result.rating.toFixed(1)}${result.lowerBound ? '+' : ''} ${result.hardest} ${best[i]!.toFixed(0)} ms`);
    });
    const n = rows.length;
    console.log(`se-rated-train ER >= 7.5: ${n} puzzles; exact ${exact} (${((100 * exact) / n).toFixed(0)}%), within 0.3 ${near} (${((100 * near) / n).toFixed(0)}%); bound hit ${truncated}, guessed ${guessed}`);
    console.log(describeTimes(first, best));
    timeTechniques(rows.map((f) => f[0]!));
  }
  if (only !== 'se') {
    const puzzles = readFileSync(new URL('forum_hardest_1106.txt', DATA), 'utf8').trim().split('\n').slice(0, limit);
    const { grades, first, best } = timePasses(puzzles);
    const truncated = grades.filter((g) => g.lowerBound).length;
    const guessed = grades.filter((g) => g.guesses > 0).length;
    const deep = grades.map((g, i) => (g.deep ? best[i]! : -1)).filter((ms) => ms >= 0);
    if (verbose) grades.forEach((g, i) => console.log(`${puzzles[i]} ours ${g.rating.toFixed(1)}${g.lowerBound ? '+' : ''} ${g.hardest} ${best[i]!.toFixed(0)} ms`));
    console.log(`forum_hardest_1106: ${puzzles.length} puzzles; bound hit ${truncated}, guessed ${guessed}; median rating ${median(grades.map((g) => g.rating)).toFixed(1)}`);
    console.log(describeTimes(first, best));
    // The shared machine's speed varies by a fifth from one hour to the next: a fixed piece of work
    // timed in the same run lets runs be compared (the grades' times divided by it).
    const reference = referenceMs(puzzles);
    const meanBest = mean(best);
    console.log(`  reference (counting solver, 200 passes over the file): ${reference.toFixed(0)} ms; mean / reference ${(meanBest / reference).toFixed(3)}, median / reference ${(median(best) / reference).toFixed(3)}`);
    const rest = best.filter((_, i) => !grades[i]!.deep);
    console.log(`  needing SE's levels 4-5 (levels 1-3 stuck at some step): ${deep.length} puzzles, mean ${mean(deep).toFixed(0)} ms, median ${median(deep).toFixed(0)} ms; the other ${rest.length}: mean ${mean(rest).toFixed(0)} ms, median ${median(rest).toFixed(0)} ms`);
    // The forum puzzles serate was run on (locally: test/fixtures/forum-serate.tsv).
    const known = readFileSync(new URL('../../test/fixtures/forum-serate.tsv', import.meta.url), 'utf8').split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')).map((line) => line.split('\t'));
    let exact = 0;
    let graded = 0;
    const misses: string[] = [];
    for (const [line, , er, ep, ed] of known) {
      const g = grades[Number(line) - 1];
      if (!g) continue;
      graded++;
      if (g.rating === Number(er) && g.pearl === Number(ep) && g.diamond === Number(ed)) exact++;
      else misses.push(`#${line} serate ${er}/${ep}/${ed}, ours ${g.rating}/${g.pearl}/${g.diamond}`);
    }
    console.log(`  serate's ER/EP/ED on the ${graded} of these puzzles it was run on: exact ${exact}${misses.length ? `; not: ${misses.join('; ')}` : ''}`);
    timeTechniques(puzzles);
  }
}

main();
