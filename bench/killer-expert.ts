/**
 * Expert killers (rating above 4.6, up to 7.4; docs/killer-rating.md), three ways, single thread,
 * process CPU time:
 *
 * - ours: generateVariant({ variant: 'killer', level: 'expert' }) (killer-expert.ts: the climb,
 *   then the descent), CPU-s per puzzle (median and quartiles over all runs), solutions drawn per
 *   puzzle, ratings; one untimed puzzle first per run (the JIT's warm-up).
 * - before: the climb alone as the killer levels had it (ratedCages, `hard`'s start and 30 grades
 *   a solution, band 4.6-7.4, cages of up to 5 cells): solutions drawn until BEFORE_COUNT expert
 *   killers, CPU-s per killer (total over the killers: a rare hit makes a median meaningless).
 * - Simon Tatham's Solo, `sgt-solo --generate N 3x3kdu#SEED` (unreasonable, its hardest killers
 *   made in seconds), whole process (`times` of the shell: start-up included), then each of its
 *   killers graded by our grader: the share in each of our levels, and Solo's CPU-s per expert
 *   killer (its CPU-s a puzzle over the expert share).
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/killer-expert.js
 *   env: KILLER_COUNT (ours per run, 8), BENCH_RUNS (3), BEFORE_COUNT (3; 0 skips), SOLO_COUNT (100; 0 skips)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fromSoloId } from '../src/formats/solo.js';
import { fillRules } from '../src/generator/variants/fill.js';
import { generateVariant } from '../src/generator/variants/index.js';
import { ratedCages } from '../src/generator/variants/killer.js';
import { KILLER_MERGE_FAILURES } from '../src/generator/variants/killer.js';
import { puzzleRandom } from '../src/generator/random.js';
import { gradePuzzle } from '../src/grader/index.js';
import { levelOf } from '../src/grader/levels.js';
import { classicRules } from '../src/rules/index.js';
import { quantile } from './stats.js';

const COUNT = Number(process.env['KILLER_COUNT'] ?? 8);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const BEFORE = Number(process.env['BEFORE_COUNT'] ?? 3);
const SOLO_COUNT = Number(process.env['SOLO_COUNT'] ?? 100);
const SOLO = '/usr/games/sgt-solo';

function cpuSeconds(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
}

console.log(`# Expert killers (Node ${process.version})\n`);

// Ours.
const seconds: number[] = [];
const attempts: number[] = [];
const ratings: number[] = [];
for (let run = 0; run < RUNS; run++) {
  generateVariant({ variant: 'killer', level: 'expert', seed: `warm-${run}`, index: 1, maxAttempts: 1000 });
  for (let index = 1; index <= COUNT; index++) {
    const cpu0 = process.cpuUsage();
    const p = generateVariant({ variant: 'killer', level: 'expert', seed: `killer-expert-${run}`, index, maxAttempts: 1000 });
    seconds.push(cpuSeconds(cpu0));
    attempts.push(p.attempts);
    ratings.push(p.rating!);
  }
}
const meanAttempts = attempts.reduce((a, b) => a + b, 0) / attempts.length;
console.log(`ours: ${seconds.length} expert killers (${RUNS} runs of ${COUNT}): CPU-s a puzzle median ${quantile(seconds, 0.5).toFixed(2)}, quartiles ${quantile(seconds, 0.25).toFixed(2)}-${quantile(seconds, 0.75).toFixed(2)}, max ${Math.max(...seconds).toFixed(2)}; total ${seconds.reduce((a, b) => a + b, 0).toFixed(1)} s`);
console.log(`      solutions drawn per puzzle mean ${meanAttempts.toFixed(2)}, max ${Math.max(...attempts)}; ratings median ${quantile(ratings, 0.5).toFixed(1)}, min-max ${Math.min(...ratings).toFixed(1)}-${Math.max(...ratings).toFixed(1)}`);

// Before: the climb alone.
if (BEFORE > 0) {
  const base = classicRules(9);
  const band = { above: 4.6, upTo: 7.4 };
  let found = 0;
  let drawn = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; found < BEFORE; i++) {
    const random = puzzleRandom('killer-expert-before', 'climb', i);
    const solution = fillRules(base, random);
    if (solution === null) continue;
    drawn++;
    if (ratedCages(base, solution, random, { set: 'medium', innies: true, maxFailures: KILLER_MERGE_FAILURES, band, maxGrades: 30 }) !== null) found++;
  }
  const total = cpuSeconds(cpu0);
  console.log(`before (the climb alone): ${found} expert killers from ${drawn} solutions in ${total.toFixed(1)} CPU-s: ${(total / found).toFixed(2)} CPU-s a killer`);
}

// Solo's unreasonable killers on our scale.
if (SOLO_COUNT > 0 && existsSync(SOLO)) {
  const timed = spawnSync('bash', ['-c', `${SOLO} --generate ${SOLO_COUNT} '3x3kdu#killer-expert' > /dev/null; times`], { encoding: 'utf8' });
  const children = /\n(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(timed.stdout);
  const soloSeconds = children === null ? NaN : Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4]);
  const made = spawnSync(SOLO, ['--generate', String(SOLO_COUNT), '3x3kdu#killer-expert'], { encoding: 'utf8' });
  const levels = new Map<string, number>();
  const expert: number[] = [];
  for (const line of made.stdout.split('\n')) {
    if (line === '') continue;
    const read = fromSoloId(line);
    const grade = gradePuzzle({ rules: read.rules, givens: read.givens });
    const level = grade.guesses > 0 ? 'extreme (guess)' : levelOf(grade.rating);
    levels.set(level, (levels.get(level) ?? 0) + 1);
    if (level === 'expert') expert.push(grade.rating);
  }
  const count = [...levels.values()].reduce((a, b) => a + b, 0);
  const shares = ['beginner', 'easy', 'medium', 'hard', 'expert', 'extreme', 'extreme (guess)'].filter((l) => levels.has(l)).map((l) => `${l} ${levels.get(l)}`);
  console.log(`Solo 3x3kdu: ${count} killers in ${soloSeconds.toFixed(2)} CPU-s (${(soloSeconds / count).toFixed(3)} CPU-s a killer); on our scale: ${shares.join(', ')}${expert.length > 0 ? ` (expert rated ${expert.join(', ')})` : ''}; CPU-s per expert killer: ${expert.length > 0 ? (soloSeconds / expert.length).toFixed(1) : 'none made'}`);
}
