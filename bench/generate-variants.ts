/**
 * `npm run bench:generate-variants`: puzzles per CPU-second of the variant generator
 * (generateVariant, single-threaded, process.cpuUsage) against Simon Tatham's Solo generating the
 * same kind of puzzle (`sgt-solo --generate N PARAMS`, its CPU time as the shell's `times` reports
 * for children). ROUNDS rounds a row (5; `--rounds N`), each one run of ours and one of Solo's, in
 * turn (which goes first alternates), so that both see the same load: the machine is shared, and a
 * whole invocation's rates move by 1.4x with it (Solo's alike: 7,900 to 11,100 6x6 puzzles a
 * CPU-second in one hour), while the two runs of a round, a few tenths of a second apart, move
 * together. The rates shown are medians over the rounds, and ours / Solo is the median of the
 * rounds' own ratios (paired), not a ratio of medians taken at different times. Both are steady
 * rates, on the same basis: neither process's start is counted. Ours: each run first makes a tenth as many puzzles of its own kind (another
 * seed, not timed), the first run of a row at least WARM_CPU CPU-seconds of them, the JIT's
 * warm-up, which a long run pays once (a tenth alone was not enough on the fast rows: a 4x4 run
 * after 400 puzzles measured 20,000 a second, after 0.4 CPU-s 55,000). Solo's: its process start
 * (it loads GTK's libraries: about 12 ms of CPU, a twentieth of a 4x4 run) is taken off, measured
 * once as the median CPU time of five runs making one 4x4 puzzle (`--generate 1 2x2dt`, tens of
 * microseconds of work), so its rate is N / (time of N - start). Solo's counts are larger than
 * ours so that each of its runs takes a few tenths of a CPU-second (`times` counts in
 * milliseconds), and ours (the beginner rows: 0.2-0.3 CPU-s) long enough that a loaded machine's
 * noise is not most of a run. Node's own start (bench/startup.ts) is apart from both.
 *
 * Levels: on 9x9 grids without cages (classic, jigsaw, X, windoku) ours are the grader's rating
 * bands (src/grader/levels.ts: beginner up to 1.5, easy 2.3, medium 3.4, hard 4.6, expert 7.4;
 * src/generator/variants/graded.ts); on the other sizes and Samurai the general grader's bands
 * (src/generator/variants/size-bands.ts; 4x4 has beginner, 6x6 beginner and easy); any = whatever
 * minimal carving gives, not graded. 4x4 and 6x6 keep their children's givens (at least 7 and 14).
 * Solo's are its solver's: `dt` (trivial) hidden singles in boxes, `db` (basic) singles, `di`
 * (intermediate) intersections, `da` (advanced) subsets, `de` (extreme) fish and forcing chains.
 * The rows pair the level whose puzzles are of the same kind, by our grader: Solo's `dt` puzzles
 * all rate 1.2 (100 of 100, classic and X), its `db` puzzles 1.5 (69 of 100) or 1.7-2.3 (31), and
 * our beginner puzzles rate 1.5 (classic 288 of 300, X 300 of 300; the rest 1.2): a beginner
 * puzzle needs a hidden single in a row or column, which Solo's trivial solver does not do, so
 * Solo would make it at `db`. So on classic and X beginner-db (with a reference row against
 * `dt`, a level whose puzzles we do not make apart); on a jigsaw, whose pieces are no boxes to SE
 * (a hidden single in one rates 1.5), Solo's `dt` puzzles are ours too, so beginner-dt there.
 * Then easy-db, medium-da, hard-de, expert-de (Solo's extreme spans our hard and expert bands).
 * Solo's levels are not our bands: the last three columns grade a batch of Solo's puzzles at the
 * paired level with our grader (SukakuExplainer's ratings) and count those in our band without a
 * guess; Solo's rate of puzzles of our difficulty is its rate times that share (what a user who
 * wants our band from Solo gets: generate at the nearest level, keep what is in the band).
 * Killer: Solo's `3x3k` has no givens and merges cages while its killer logic (cage sums,
 * min/max, the rule of 45, singles in boxes) solves them; ours (`any`) merges while singles, cage combinations and the rule of 45 do, so both
 * are unique by logic alone. Solo has no windoku or Samurai: those rows have no ratio.
 *
 *   npm run bench:generate-variants            # full run (a few minutes)
 *   npm run bench:generate-variants -- --quick # fewer puzzles
 *   npm run bench:generate-variants -- --only killer # the rows of one variant
 *   npm run bench:generate-variants -- --level hard  # the rows of one level
 *   npm run bench:generate-variants -- --rounds 9    # more rounds a row (default 5)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fromSoloId } from '../src/formats/solo.js';
import { gradePuzzle } from '../src/grader/grade.js';
import { LEVELS } from '../src/grader/levels.js';
import { generateVariant, type VariantLevel, type VariantName } from '../src/generator/variants/index.js';
import { median } from './stats.js';

const quick = process.argv.includes('--quick');
/** Rounds a row: one run of ours and one of Solo's each (see the top of this file). */
const ROUNDS = process.argv.includes('--rounds') ? Number(process.argv[process.argv.indexOf('--rounds') + 1]) : quick ? 1 : 5;
if (!Number.isSafeInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds takes a whole number from 1');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
/** `--level NAME`: the rows of one level only. */
const onlyLevel = process.argv.includes('--level') ? process.argv[process.argv.indexOf('--level') + 1] : undefined;
const SOLO = '/usr/games/sgt-solo';

interface Row {
  variant: VariantName;
  level: VariantLevel;
  solo: string | null;
  count: number;
  soloCount: number;
  /** A second pairing shown for reference (its level is marked `(ref)`). */
  reference?: boolean;
  /** Solo puzzles graded for the in-band share, where fewer than the level's SHARE_COUNT (slow to make: 12x12 and 16x16). */
  shareCount?: number;
}

const ROWS: Row[] = [
  // The other sizes: the general grader's bands (size-bands.ts). 4x4 and 6x6 beginner puzzles rate
  // 1.2 (hidden singles in boxes: Solo's `dt`), the larger grids' mostly 1.5 (`db`, as on classic).
  { variant: '4x4', level: 'beginner', solo: '2x2dt', count: 12000, soloCount: 10000 },
  { variant: '6x6', level: 'beginner', solo: '2x3dt', count: 4000, soloCount: 3000 },
  { variant: '6x6', level: 'easy', solo: '2x3db', count: 200, soloCount: 1000 },
  { variant: '8x8', level: 'beginner', solo: '2x4db', count: 400, soloCount: 1000 },
  { variant: '8x8', level: 'easy', solo: '2x4db', count: 400, soloCount: 1000 },
  { variant: '8x8', level: 'medium', solo: '2x4da', count: 40, soloCount: 40 },
  { variant: '8x8', level: 'hard', solo: '2x4de', count: 30, soloCount: 40 },
  { variant: '8x8', level: 'expert', solo: '2x4de', count: 30, soloCount: 40 },
  { variant: '12x12', level: 'beginner', solo: '3x4db', count: 60, soloCount: 200 },
  { variant: '12x12', level: 'easy', solo: '3x4db', count: 60, soloCount: 200 },
  { variant: '12x12', level: 'medium', solo: '3x4da', count: 30, soloCount: 20, shareCount: 20 },
  { variant: '12x12', level: 'hard', solo: '3x4de', count: 12, soloCount: 20, shareCount: 20 },
  { variant: '12x12', level: 'expert', solo: '3x4de', count: 12, soloCount: 20, shareCount: 20 },
  { variant: '16x16', level: 'beginner', solo: '4x4db', count: 12, soloCount: 40, shareCount: 20 },
  { variant: '16x16', level: 'easy', solo: '4x4db', count: 12, soloCount: 40, shareCount: 20 },
  { variant: '16x16', level: 'medium', solo: '4x4da', count: 6, soloCount: 4, shareCount: 8 },
  { variant: '16x16', level: 'hard', solo: '4x4de', count: 6, soloCount: 4, shareCount: 8 },
  { variant: '16x16', level: 'expert', solo: '4x4de', count: 6, soloCount: 4, shareCount: 8 },
  { variant: '16x16', level: 'any', solo: null, count: 2, soloCount: 0 },
  { variant: 'classic', level: 'beginner', solo: '3x3db', count: 1000, soloCount: 500 },
  { variant: 'classic', level: 'beginner', solo: '3x3dt', count: 1000, soloCount: 1000, reference: true },
  { variant: 'classic', level: 'easy', solo: '3x3db', count: 400, soloCount: 500 },
  { variant: 'classic', level: 'medium', solo: '3x3da', count: 30, soloCount: 20 },
  { variant: 'classic', level: 'hard', solo: '3x3de', count: 12, soloCount: 20 },
  { variant: 'classic', level: 'expert', solo: '3x3de', count: 8, soloCount: 20 },
  { variant: 'classic', level: 'any', solo: null, count: 100, soloCount: 0 },
  { variant: 'jigsaw', level: 'beginner', solo: '3x3jdt', count: 40, soloCount: 100 },
  { variant: 'jigsaw', level: 'easy', solo: '3x3jdb', count: 40, soloCount: 50 },
  { variant: 'jigsaw', level: 'medium', solo: '3x3jda', count: 15, soloCount: 20 },
  { variant: 'jigsaw', level: 'hard', solo: '3x3jde', count: 6, soloCount: 10 },
  { variant: 'jigsaw', level: 'expert', solo: '3x3jde', count: 4, soloCount: 10 },
  { variant: 'jigsaw', level: 'any', solo: null, count: 20, soloCount: 0 },
  { variant: 'x', level: 'beginner', solo: '3x3xdb', count: 1000, soloCount: 500 },
  { variant: 'x', level: 'beginner', solo: '3x3xdt', count: 1000, soloCount: 1000, reference: true },
  { variant: 'x', level: 'easy', solo: '3x3xdb', count: 400, soloCount: 500 },
  { variant: 'x', level: 'medium', solo: '3x3xda', count: 30, soloCount: 20 },
  { variant: 'x', level: 'hard', solo: '3x3xde', count: 12, soloCount: 20 },
  { variant: 'x', level: 'expert', solo: '3x3xde', count: 8, soloCount: 20 },
  { variant: 'x', level: 'any', solo: null, count: 40, soloCount: 0 },
  { variant: 'windoku', level: 'beginner', solo: null, count: 200, soloCount: 0 },
  { variant: 'windoku', level: 'easy', solo: null, count: 200, soloCount: 0 },
  { variant: 'windoku', level: 'medium', solo: null, count: 30, soloCount: 0 },
  { variant: 'windoku', level: 'hard', solo: null, count: 12, soloCount: 0 },
  { variant: 'windoku', level: 'expert', solo: null, count: 8, soloCount: 0 },
  { variant: 'windoku', level: 'any', solo: null, count: 40, soloCount: 0 },
  { variant: 'killer', level: 'any', solo: '3x3k', count: 400, soloCount: 200 },
  { variant: 'samurai', level: 'beginner', solo: null, count: 6, soloCount: 0 },
  { variant: 'samurai', level: 'easy', solo: null, count: 6, soloCount: 0 },
  { variant: 'samurai', level: 'medium', solo: null, count: 4, soloCount: 0 },
  { variant: 'samurai', level: 'hard', solo: null, count: 4, soloCount: 0 },
  { variant: 'samurai', level: 'expert', solo: null, count: 4, soloCount: 0 },
  { variant: 'samurai', level: 'any', solo: null, count: 2, soloCount: 0 },
];

/** Solo puzzles graded for the in-band share, per level (Solo's extreme and jigsaw levels are slow to make). */
const SHARE_COUNT: Partial<Record<VariantLevel, number>> = { beginner: 200, easy: 200, medium: 40, hard: 40, expert: 40 };

/** CPU-seconds the first run of a row warms up for, at least (see the top of this file). */
const WARM_CPU = 0.5;

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const cpu = process.cpuUsage(since);
  return (cpu.user + cpu.system) / 1e6;
}

/** Our puzzles per CPU-second, and the mean clue count, for one run. */
function ours(row: Row, run: number): { rate: number; clues: number } {
  const count = quick ? Math.max(1, Math.ceil(row.count / 4)) : row.count;
  let clues = 0;
  const warm0 = process.cpuUsage();
  for (let i = 1; i <= Math.max(1, Math.floor(count / 10)) || (run === 0 && cpuSeconds(warm0) < WARM_CPU); i++) {
    generateVariant({ variant: row.variant, level: row.level, seed: `warm-${run}`, index: i });
  }
  const cpu0 = process.cpuUsage();
  for (let i = 1; i <= count; i++) clues += generateVariant({ variant: row.variant, level: row.level, seed: `bench-${run}`, index: i }).clues;
  const cpu = process.cpuUsage(cpu0);
  return { rate: count / ((cpu.user + cpu.system) / 1e6), clues: clues / count };
}

/** CPU-seconds (user + system) of one Solo process making `count` puzzles at `params`. */
function soloSeconds(params: string, count: number): number {
  const run = spawnSync('bash', ['-c', `${SOLO} --generate ${count} ${params} > /dev/null; times`], { encoding: 'utf8' });
  const lines = run.stdout.trim().split('\n');
  const children = lines[lines.length - 1]!.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  if (children === null) throw new Error(`cannot read the times of ${params}: ${run.stdout}`);
  return Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4]);
}

/** Solo's process start: the median CPU time of five runs making one 4x4 puzzle (see the top of this file). */
function soloStart(): number {
  return median(Array.from({ length: 5 }, () => soloSeconds('2x2dt', 1)));
}

/** Solo's puzzles per CPU-second for one run, its process start (`start` CPU-seconds) taken off. */
function solo(params: string, count: number, start: number): number {
  return count / Math.max(soloSeconds(params, count) - start, 0.001);
}

/** Levels that are the grader's rating bands (9x9 rules without cages: classic, jigsaw, X; the other sizes, by the general grader). */
const BANDED = new Set<string>(['beginner', 'easy', 'medium', 'hard', 'expert']);
const BANDED_VARIANTS = new Set<string>(['classic', 'jigsaw', 'x', '4x4', '6x6', '8x8', '12x12', '16x16']);

/**
 * The share of Solo's puzzles at `params` that our grader (SukakuExplainer's ratings) puts in our
 * level's band, without a guess: Solo cannot be asked for a band, so a user who wants, say, hard
 * puzzles (3.5-4.6) from Solo generates at its nearest level and keeps those in the band. Its rate
 * of puzzles of our difficulty is then its rate times this share. Not timed (the grading is ours).
 */
function soloShareInBand(params: string, level: VariantLevel, count: number): { inBand: number; graded: number } {
  const at = LEVELS.findIndex((row) => row.level === level);
  const above = at === 0 ? 0 : LEVELS[at - 1]!.maxRating;
  const upTo = LEVELS[at]!.maxRating;
  const run = spawnSync(SOLO, ['--generate', String(count), params], { encoding: 'utf8' });
  const ids = run.stdout.split('\n').filter((line) => line.includes(':'));
  let inBand = 0;
  for (const id of ids) {
    const grade = gradePuzzle(fromSoloId(id), { maxRating: upTo });
    if (grade.guesses === 0 && !grade.lowerBound && grade.rating > above + 1e-9 && grade.rating <= upTo + 1e-9) inBand++;
  }
  return { inBand, graded: ids.length };
}

function main(): void {
  const haveSolo = existsSync(SOLO);
  console.log(`# Variant generator benchmark (${quick ? 'quick' : 'full'}; medians of ${ROUNDS} rounds, ours and Solo's in turn; Node ${process.version})\n`);
  if (!haveSolo) console.log(`(${SOLO} not found: no Solo column)\n`);
  const start = haveSolo ? soloStart() : 0;
  if (haveSolo) console.log(`Solo's process start, taken off each of its runs: ${(start * 1000).toFixed(0)} ms of CPU (median of 5); ours warms up at least ${WARM_CPU} CPU-s a row\n`);
  console.log('| variant | our level | puzzles/run | ours puzzles/CPU-s | clues mean | Solo params | Solo puzzles/CPU-s | ours / Solo | Solo in our band | Solo in band/CPU-s | ours / Solo in band |');
  console.log('|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|');
  for (const row of ROWS) {
    if (only !== undefined && row.variant !== only) continue;
    if (onlyLevel !== undefined && row.level !== onlyLevel) continue;
    const soloParams = row.solo !== null && haveSolo ? row.solo : null;
    const soloCount = quick ? Math.ceil(row.soloCount / 4) : row.soloCount;
    const runs: { rate: number; clues: number }[] = [];
    const soloRates: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Ours first in even rounds, Solo's first in odd ones (the first round: ours, whose warm-up it holds).
      let soloRound = NaN;
      if (soloParams !== null && round % 2 === 1) soloRound = solo(soloParams, soloCount, start);
      const run = ours(row, round);
      if (soloParams !== null && round % 2 === 0) soloRound = solo(soloParams, soloCount, start);
      runs.push(run);
      if (soloParams !== null) {
        soloRates.push(soloRound);
        ratios.push(run.rate / soloRound);
      }
    }
    const rate = median(runs.map((r) => r.rate));
    const clues = runs.reduce((a, r) => a + r.clues, 0) / runs.length;
    const soloRate = soloParams === null ? NaN : median(soloRates);
    const paired = soloParams === null ? NaN : median(ratios);
    const ratio = Number.isNaN(paired) ? '-' : `${paired.toFixed(2)}x`;
    let band = '- | - | -';
    if (!Number.isNaN(soloRate) && BANDED.has(row.level) && BANDED_VARIANTS.has(row.variant)) {
      const share = soloShareInBand(row.solo!, row.level, quick ? Math.min(20, row.shareCount ?? 20) : row.shareCount ?? SHARE_COUNT[row.level] ?? 100);
      const inBandRate = (soloRate * share.inBand) / share.graded;
      // Solo's in-band rate is its rate times the share, so ours against it is the paired ratio over the share.
      band = `${share.inBand}/${share.graded} | ${inBandRate.toFixed(1)} | ${share.inBand === 0 ? '-' : `${((paired * share.graded) / share.inBand).toFixed(2)}x`}`;
    }
    console.log(
      `| ${row.variant} | ${row.level}${row.reference === true ? ' (ref)' : ''} | ${quick ? Math.max(1, Math.ceil(row.count / 4)) : row.count} | ${rate.toFixed(1)} | ${clues.toFixed(1)} | ${row.solo ?? '-'} | ${Number.isNaN(soloRate) ? '-' : soloRate.toFixed(1)} | ${ratio} | ${band} |`,
    );
  }
}

main();
