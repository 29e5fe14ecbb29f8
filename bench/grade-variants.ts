/**
 * Variant grader benchmark: ER/EP/ED agreement with SukakuExplainer (1to9only's variant fork of
 * Sudoku Explainer) on the training set /work/shared/data/variants-train/*.jsonl (jigsaw and X,
 * made by Solo, rated by SukakuExplainer's serate), per variant and per Solo difficulty level, and
 * on the 60 windoku puzzles of test/fixtures/variants/windoku-se-rated.txt (our generator's, rated
 * by serate -W; levels are the generator's), and on a held-out set of 120 jigsaw and 120 X puzzles
 * (test/fixtures/variants/solo-heldout-se-rated.txt: Solo's, other seeds, never used to tune the
 * grader); puzzles per second (single thread, median of 3 passes
 * unless told otherwise).
 *
 *   npm run bench:grade-variants
 *   npm run bench:grade-variants -- --sukaku=CLASSES   # also times SukakuExplainer's serate on the same
 *       puzzles in this run (CLASSES: its build, e.g. ~/.cache/sukaku-serate/classes made by
 *       /work/shared/tools/sukaku-serate.sh; /usr/bin/time user + sys CPU over each variant's file,
 *       JVM start included) and prints ours, theirs and the ratio per variant
 *   npm run bench:grade-variants -- --sukaku-ms=JIGSAW_MS,X_MS,WINDOKU_MS   # the ratio to SukakuExplainer
 *       CPU milliseconds per puzzle measured earlier on the same files
 *   npm run bench:grade-variants -- --only=x   # one variant's sets (jigsaw, x, windoku)
 *   npm run bench:grade-variants -- --warm-up --passes=4   # a first pass not counted, then the
 *       median of 4 (the figures docs/benchmarks.md's table gives for our side)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gradePuzzle, type Grade } from '../src/grader/grade.js';
import { type Case, LEVEL_ORDER, loadHeldOut, loadTrainingSet, loadWindoku } from './variant-cases.js';
import { median } from './stats.js';

// --only=NAME: one variant's sets (jigsaw, x or windoku; its held-out set too).
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const cases = [...loadTrainingSet(), ...loadWindoku(), ...loadHeldOut()].filter((c) => onlyArg === undefined || c.variant.split(' ')[0] === onlyArg);
const grades: Grade[] = cases.map((c) => gradePuzzle({ rules: c.rules, givens: c.givens }));

interface Tally {
  n: number;
  er: number;
  all: number;
}
const tallies = new Map<string, Tally>();
const tally = (key: string, c: Case, g: Grade): void => {
  const t = tallies.get(key) ?? { n: 0, er: 0, all: 0 };
  t.n++;
  if (g.rating === c.er) t.er++;
  if (g.rating === c.er && g.pearl === c.ep && g.diamond === c.ed) t.all++;
  tallies.set(key, t);
};
cases.forEach((c, i) => {
  const g = grades[i]!;
  tally(`${c.variant} all`, c, g);
  tally(`${c.variant} ${c.level}`, c, g);
});
const pct = (k: number, n: number): string => `${k}/${n} (${((100 * k) / n).toFixed(1)}%)`;
console.log('Agreement with SukakuExplainer (ER, and ER/EP/ED all three):');
for (const variant of [...new Set(cases.map((c) => c.variant))]) {
  for (const level of ['all', ...LEVEL_ORDER]) {
    const t = tallies.get(`${variant} ${level}`);
    if (t === undefined) continue;
    console.log(`  ${variant.padEnd(17)} ${level.padEnd(13)} ER ${pct(t.er, t.n).padEnd(16)} ER/EP/ED ${pct(t.all, t.n)}`);
  }
}
if (process.argv.includes('--list')) {
  cases.forEach((c, i) => {
    const g = grades[i]!;
    if (g.rating !== c.er || g.pearl !== c.ep || g.diamond !== c.ed) {
      console.log(`  differs: ${c.variant} ${c.level} SE ${c.er}/${c.ep}/${c.ed} ours ${g.rating}/${g.pearl}/${g.diamond} (${g.hardest}, ${g.guesses} guesses)`);
    }
  });
}

// Speed: three passes per variant, median puzzles per second by wall clock and by this process's
// CPU time (steadier on a shared machine); the ratio to SukakuExplainer is by CPU time.
const sukakuArg = process.argv.find((a) => a.startsWith('--sukaku-ms='));
const sukakuMs = sukakuArg === undefined ? [] : sukakuArg.slice('--sukaku-ms='.length).split(',').map(Number);
const classesArg = process.argv.find((a) => a.startsWith('--sukaku='));
const SERATE_FLAGS: Record<string, string[]> = { jigsaw: ['-U', '-L'], x: ['-X'], windoku: ['-W'] };

/**
 * SukakuExplainer's serate on one variant's puzzles, in one JVM: its CPU milliseconds per puzzle
 * (user + sys by /usr/bin/time) and how many of its ratings equal the stored ones.
 */
function timeSerate(classes: string, variant: string, mine: Case[]): { ms: number; same: number } {
  const dir = mkdtempSync(join(tmpdir(), 'serate-'));
  try {
    const input = join(dir, 'puzzles.txt');
    const times = join(dir, 'time.txt');
    writeFileSync(input, mine.map((c) => c.serate).join('\n') + '\n');
    const flags = SERATE_FLAGS[variant.split(' ')[0]!] ?? [];
    const out = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', times, 'java', '-cp', resolve(classes), 'diuf.sudoku.test.serate', ...flags, `--input=${input}`], { encoding: 'utf8', maxBuffer: 1 << 26, cwd: dir });
    if (out.status !== 0) throw new Error(`serate failed on ${variant}: ${out.stderr.split('\n')[0] ?? ''}`);
    const [user, sys] = readFileSync(times, 'utf8').trim().split(/\s+/).map(Number) as [number, number];
    const ratings = out.stdout.split('\n').filter((l) => l.includes('ED=')).map((l) => l.slice(l.indexOf('ED=') + 3).trim());
    const same = mine.filter((c, i) => ratings[i] !== undefined && ratings[i]!.split('/').map(Number).join('/') === `${c.er}/${c.ep}/${c.ed}`).length;
    return { ms: ((user + sys) * 1000) / mine.length, same };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
// --warm-up: one pass first that is not counted (the JIT's first pass is the slowest); --passes=N
// passes counted (default 3).
const warmUp = process.argv.includes('--warm-up');
const passesArg = process.argv.find((a) => a.startsWith('--passes='));
const passes = passesArg === undefined ? 3 : Math.max(1, Number(passesArg.slice('--passes='.length)) || 3);
console.log(`Speed (one thread, median of ${passes} passes${warmUp ? ' after a warm-up pass' : ''}; wall clock, then CPU time):`);
[...new Set(cases.map((c) => c.variant))].forEach((variant, v) => {
  const mine = cases.filter((c) => c.variant === variant);
  const rates: number[] = [];
  const cpuRates: number[] = [];
  if (warmUp) for (const c of mine) gradePuzzle({ rules: c.rules, givens: c.givens });
  for (let pass = 0; pass < passes; pass++) {
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    for (const c of mine) gradePuzzle({ rules: c.rules, givens: c.givens });
    rates.push((mine.length * 1000) / (performance.now() - start));
    const cpu = process.cpuUsage(cpu0);
    cpuRates.push((mine.length * 1e6) / (cpu.user + cpu.system));
  }
  const rate = median(cpuRates);
  let se = sukakuMs[v];
  let measured = '';
  if (classesArg !== undefined) {
    const timed = timeSerate(classesArg.slice('--sukaku='.length), variant, mine);
    se = Math.round(timed.ms);
    measured = `, timed now, its ER/EP/ED equal to the stored ones on ${timed.same}/${mine.length}`;
  }
  const ratio = se === undefined || !(se > 0) ? '' : `; SukakuExplainer ${se} ms of CPU per puzzle${measured}: ${((rate * se) / 1000).toFixed(0)}x`;
  console.log(`  ${variant.padEnd(17)} ${median(rates).toFixed(0)} puzzles/s wall, ${rate.toFixed(0)} puzzles/s CPU (${(1000 / rate).toFixed(1)} ms per puzzle)${ratio}`);
});
