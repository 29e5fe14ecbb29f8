/**
 * Killer grading, this build against another build, in one process: the puzzles of the files
 * given (variant lines, e.g. the output of `generate --variant killer`) are graded by both builds
 * (gradeWithPath, steps recorded), alternating which goes first, so that both see the same load of
 * a shared machine. Each round reads the puzzles anew (untimed): a new rules value per grade, as
 * the generator makes one per cage layout and a user grades a file once, so nothing cached per
 * rules value carries over from a round before. Prints
 * - the differences: puzzles whose grade (ER/EP/ED, level, counts, ...) or step list (technique,
 *   difficulty, placements, eliminations, pattern, texts' numbers) differ between the builds;
 * - per round, each build's CPU-s over all puzzles, then the medians, the median of the per-round
 *   ratios (other / this: above 1, this build is faster) and the median CPU-ms per puzzle.
 *
 *   npx tsc -p tsconfig.bench.json
 *   node build-bench/bench/killer-grade-ab.js --other=/path/to/other/build-bench [--rounds=5] [--max-rating=7.4] FILE...
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseVariantLine } from '../src/formats/line.js';
import { gradeWithPath } from '../src/grader/grade.js';
import type { Puzzle } from '../src/rules/puzzle.js';
import { median } from './stats.js';

interface Build {
  grade: (puzzle: Puzzle, options: { maxRating?: number }) => { grade: unknown; steps: unknown[] };
  read: (line: string) => Puzzle;
  puzzles: Puzzle[];
}

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const otherArg = arg('other');
const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (otherArg === undefined || files.length === 0) {
  console.error('usage: killer-grade-ab.js --other=BUILD_BENCH_FOLDER [--rounds=N] [--max-rating=R] FILE...');
  process.exit(2);
}
const rounds = Math.max(1, Number(arg('rounds') ?? 5) || 5);
const maxRating = arg('max-rating') === undefined ? undefined : Number(arg('max-rating'));
const options = maxRating === undefined ? {} : { maxRating };
const otherDir = pathToFileURL(resolve(otherArg)).href;

const lines = files.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')));
// Each build grades the puzzles its own rules constructors made (rules are checked to be theirs).
const otherGrade = (await import(`${otherDir}/src/grader/grade.js`)) as { gradeWithPath: Build['grade'] };
const otherLine = (await import(`${otherDir}/src/formats/line.js`)) as { parseVariantLine: typeof parseVariantLine };
const mine: Build = { grade: (p, o) => gradeWithPath(p, o), read: (line) => parseVariantLine(line), puzzles: [] };
const other: Build = { grade: (p, o) => otherGrade.gradeWithPath(p, o), read: (line) => otherLine.parseVariantLine(line), puzzles: [] };

/** One puzzle graded by one build: CPU microseconds, and the result as text. */
function gradeOne(build: Build, index: number): { micros: number; result: string } {
  const puzzle = build.puzzles[index]!;
  const cpu0 = process.cpuUsage();
  let result: string;
  try {
    const { grade, steps } = build.grade({ rules: puzzle.rules, givens: puzzle.givens }, options);
    const cpu = process.cpuUsage(cpu0);
    result = JSON.stringify({ grade, steps });
    return { micros: cpu.user + cpu.system, result };
  } catch (error) {
    const cpu = process.cpuUsage(cpu0);
    return { micros: cpu.user + cpu.system, result: `error ${(error as { code?: string }).code ?? String(error)}` };
  }
}

const n = lines.length;
let differences = 0;
const mineTotals: number[] = [];
const otherTotals: number[] = [];
const ratios: number[] = [];
const mineEach = new Float64Array(n);
const otherEach = new Float64Array(n);
const mineTimes: number[][] = Array.from({ length: n }, () => []);
const otherTimes: number[][] = Array.from({ length: n }, () => []);
for (let round = 0; round < rounds; round++) {
  mine.puzzles = lines.map(mine.read);
  other.puzzles = lines.map(other.read);
  let a = 0;
  let b = 0;
  for (let i = 0; i < n; i++) {
    const first = (round + i) % 2 === 0;
    const x = first ? gradeOne(other, i) : gradeOne(mine, i);
    const y = first ? gradeOne(mine, i) : gradeOne(other, i);
    const [o, m] = first ? [x, y] : [y, x];
    if (round === 0 && o.result !== m.result) {
      differences++;
      if (differences <= 5) console.log(`differs: line ${i + 1}: ${lines[i]!.slice(0, 120)}`);
    }
    otherTimes[i]!.push(o.micros);
    mineTimes[i]!.push(m.micros);
    a += o.micros;
    b += m.micros;
  }
  otherTotals.push(a / 1e6);
  mineTotals.push(b / 1e6);
  ratios.push(a / b);
  console.log(`round ${round + 1}: other ${(a / 1e6).toFixed(2)} CPU-s, this ${(b / 1e6).toFixed(2)} CPU-s, ratio ${(a / b).toFixed(2)}`);
}
for (let i = 0; i < n; i++) {
  otherEach[i] = median(otherTimes[i]!);
  mineEach[i] = median(mineTimes[i]!);
}
console.log(`${n} puzzles${maxRating === undefined ? '' : ` (max rating ${maxRating})`}, ${differences} differ`);
console.log(`CPU-s over all, median of ${rounds} rounds: other ${median(otherTotals).toFixed(2)}, this ${median(mineTotals).toFixed(2)}; median ratio other/this ${median(ratios).toFixed(2)}`);
console.log(`CPU-ms a puzzle (median over puzzles of each one's median): other ${(median([...otherEach]) / 1000).toFixed(1)}, this ${(median([...mineEach]) / 1000).toFixed(1)}`);
