/**
 * Grader benchmark: accuracy against Sudoku Explainer's ER on se-rated-train.tsv, and speed
 * (single-threaded) on se-rated-train.tsv and top1465.txt.
 *
 *   npm run bench:grade            # both
 *   npm run bench:grade -- --quick # accuracy only, and the first 300 puzzles of top1465
 */
import { readFileSync } from 'node:fs';
import { parsePuzzle } from '../src/core/parse.js';
import { gradePuzzle, type Grade } from '../src/grader/grade.js';
import { LEVELS, levelOf, type Level } from '../src/grader/levels.js';
import { averagedMedian as median, mean } from './stats.js';

const DATA = new URL('../../../shared/data/', import.meta.url);
const quick = process.argv.includes('--quick');

interface Timed {
  grade: Grade;
  /** Wall-clock milliseconds. */
  ms: number;
  /** CPU milliseconds of this process (less sensitive to other processes on a shared machine). */
  cpu: number;
}

interface Row extends Timed {
  puzzle: string;
  er: number;
  /** serate's EP (pearl) and ED (diamond). */
  ep: number;
  ed: number;
}

function timeGrade(puzzle: string, maxRating?: number): Timed {
  const grid = parsePuzzle(puzzle);
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const grade = maxRating === undefined ? gradePuzzle(grid) : gradePuzzle(grid, { maxRating });
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  return { grade, ms, cpu: (cpu.user + cpu.system) / 1000 };
}

/** Ranks with ties averaged (1-based). */
function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.v === order[start]!.v) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) result[order[k]!.i] = rank;
    start = end + 1;
  }
  return result;
}

function spearman(a: readonly number[], b: readonly number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  const mean = (n + 1) / 2;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    cov += (ra[i]! - mean) * (rb[i]! - mean);
    va += (ra[i]! - mean) ** 2;
    vb += (rb[i]! - mean) ** 2;
  }
  return cov / Math.sqrt(va * vb);
}

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;

function accuracy(rows: Row[]): void {
  const lines: string[] = [];
  const share = (subset: Row[]) => {
    const exact = subset.filter((r) => Math.abs(r.grade.rating - r.er) < 0.05).length;
    const near = subset.filter((r) => Math.abs(r.grade.rating - r.er) < 0.25).length;
    return `| ${subset.length} | ${pct(exact, subset.length)} | ${pct(near, subset.length)} | ${spearman(
      subset.map((r) => r.er),
      subset.map((r) => r.grade.rating),
    ).toFixed(3)} |`;
  };
  lines.push('## Accuracy against Sudoku Explainer ER (se-rated-train.tsv)', '');
  lines.push('| puzzles | n | exact ER | within ±0.2 | Spearman |', '|---|---:|---:|---:|---:|');
  lines.push(`| ER < 7.5 ${share(rows.filter((r) => r.er < 7.5))}`);
  lines.push(`| ER >= 7.5 ${share(rows.filter((r) => r.er >= 7.5))}`);
  lines.push(`| all ${share(rows)}`);
  lines.push('');
  // serate's triple: ER, EP (pearl), ED (diamond), from the same path.
  const same = (a: number, b: number) => Math.abs(a - b) < 0.05;
  const triple = (subset: Row[]) => {
    const er = subset.filter((r) => same(r.grade.rating, r.er)).length;
    const ep = subset.filter((r) => same(r.grade.pearl, r.ep)).length;
    const ed = subset.filter((r) => same(r.grade.diamond, r.ed)).length;
    const all = subset.filter((r) => same(r.grade.rating, r.er) && same(r.grade.pearl, r.ep) && same(r.grade.diamond, r.ed)).length;
    return `| ${subset.length} | ${pct(er, subset.length)} | ${pct(ep, subset.length)} | ${pct(ed, subset.length)} | ${pct(all, subset.length)} |`;
  };
  lines.push('### Exact ER / EP (pearl) / ED (diamond)', '');
  lines.push('| puzzles | n | ER | EP | ED | all three |', '|---|---:|---:|---:|---:|---:|');
  lines.push(`| ER < 7.5 ${triple(rows.filter((r) => r.er < 7.5))}`);
  lines.push(`| 7.5 <= ER < 10.5 ${triple(rows.filter((r) => r.er >= 7.5 && r.er < 10.5))}`);
  lines.push(`| ER >= 10.5 ${triple(rows.filter((r) => r.er >= 10.5))}`);
  lines.push(`| all ${triple(rows)}`);
  lines.push('');
  const tripleMisses = rows.filter((r) => same(r.grade.rating, r.er) && !(same(r.grade.pearl, r.ep) && same(r.grade.diamond, r.ed)));
  for (const r of tripleMisses) {
    lines.push(`    ER/EP/ED ${r.er.toFixed(1)}/${r.ep.toFixed(1)}/${r.ed.toFixed(1)}  ours ${r.grade.rating.toFixed(1)}/${r.grade.pearl.toFixed(1)}/${r.grade.diamond.toFixed(1)}  ${r.puzzle}`);
  }
  if (tripleMisses.length > 0) lines.push('');
  lines.push(`Guessing needed: ${rows.filter((r) => r.grade.guesses > 0).length}; lower bounds: ${rows.filter((r) => r.grade.lowerBound).length}`);
  lines.push('');

  const levels = LEVELS.map((row) => row.level);
  const matrix = new Map<string, number>();
  for (const r of rows) {
    const key = `${levelOf(r.er)}>${r.grade.level}`;
    matrix.set(key, (matrix.get(key) ?? 0) + 1);
  }
  lines.push('### Level confusion (rows: level of SE ER, columns: our level)', '');
  lines.push(`| SE \\ ours | ${levels.join(' | ')} |`, `|---|${levels.map(() => '---:').join('|')}|`);
  for (const se of levels) {
    lines.push(`| ${se} | ${levels.map((ours: Level) => matrix.get(`${se}>${ours}`) ?? 0).join(' | ')} |`);
  }
  lines.push('');

  const misses = rows.filter((r) => r.er < 7.5 && Math.abs(r.grade.rating - r.er) >= 0.05);
  if (misses.length > 0) {
    lines.push(`### Differences below ER 7.5 (${misses.length})`, '');
    for (const r of misses) lines.push(`    ER ${r.er.toFixed(1)}  ours ${r.grade.rating.toFixed(1)} ${r.grade.hardest}  ${r.puzzle}`);
    lines.push('');
  }
  console.log(lines.join('\n'));
}

function speed(name: string, timed: readonly Timed[]): string {
  const stats = (values: number[]) => `${median(values).toFixed(3)} | ${mean(values).toFixed(2)} | ${Math.max(...values).toFixed(0)}`;
  return `| ${name} | ${timed.length} | ${stats(timed.map((t) => t.ms))} | ${stats(timed.map((t) => t.cpu))} |`;
}

/**
 * Lets the JIT compile the grader before anything is timed, on puzzles of neither measured file
 * (17-clue puzzles, mostly easy, and Norvig's "hardest", which need the chains).
 */
function warmUp(): void {
  const easy = readFileSync(new URL('17clue.txt', DATA), 'utf8').trim().split('\n').slice(0, 300);
  const hard = readFileSync(new URL('hardest.txt', DATA), 'utf8').trim().split('\n');
  for (const puzzle of [...easy, ...hard]) gradePuzzle(parsePuzzle(puzzle.trim()));
}

function main(): void {
  warmUp();
  const tsv = readFileSync(new URL('se-rated-train.tsv', DATA), 'utf8').trim().split('\n').slice(1);
  const rows: Row[] = tsv.map((line) => {
    const [puzzle, er, ep, ed] = line.split('\t') as [string, string, string, string];
    return { puzzle, er: Number(er), ep: Number(ep), ed: Number(ed), ...timeGrade(puzzle) };
  });
  accuracy(rows);

  let top = readFileSync(new URL('top1465.txt', DATA), 'utf8').trim().split('\n');
  if (quick) top = top.slice(0, 300);
  const topTimed = top.map((puzzle) => timeGrade(puzzle.trim()));
  console.log('## Speed, single-threaded, after a warm-up on other puzzles (ms per puzzle: wall clock, then CPU time)\n');
  console.log('| file | puzzles | median | mean | max | CPU median | CPU mean | CPU max |\n|---|---:|---:|---:|---:|---:|---:|---:|');
  console.log(speed('se-rated-train.tsv', rows));
  console.log(speed(quick ? 'top1465.txt (first 300)' : 'top1465.txt', topTimed));
  // The issue-3 ladder alone: techniques up to 7.4, anything harder reported as "rating >= 7.5".
  const cappedSe = rows.map((row) => timeGrade(row.puzzle, 7.4));
  const cappedTop = top.map((puzzle) => timeGrade(puzzle.trim(), 7.4));
  console.log(speed('se-rated-train.tsv, ladder capped at 7.4', cappedSe));
  console.log(speed(`${quick ? 'top1465.txt (first 300)' : 'top1465.txt'}, ladder capped at 7.4`, cappedTop));
  const below = rows.filter((row) => row.er < 7.5);
  console.log(speed('se-rated-train.tsv, puzzles below ER 7.5', below));
  const guessed = topTimed.filter((t) => t.grade.guesses > 0).length;
  const bounded = topTimed.filter((t) => t.grade.lowerBound).length;
  const cappedBounded = cappedTop.filter((t) => t.grade.lowerBound).length;
  console.log(`\ntop1465: ${guessed} needed a guess, ${bounded} rated as a lower bound (capped at 7.4: ${cappedBounded} rated ">= 7.5").`);
}

main();
