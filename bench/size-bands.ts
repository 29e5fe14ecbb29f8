/**
 * `node build-bench/bench/size-bands.js VARIANT LEVEL [COUNT] [MAX_ATTEMPTS] [MIN_CLUES]`: how the other sizes
 * and Samurai reach a band of the general grader. Makes COUNT puzzles (seed `sz`, one thread,
 * after two untimed ones) and prints the CPU ms per puzzle (median and mean), the solutions drawn
 * per puzzle, the clues, the ratings, and the puzzles that failed (MAX_ATTEMPTS). The figures behind
 * the levels each variant offers (src/generator/variants/size-bands.ts; README "Levels of the other
 * sizes and Samurai").
 */
import { generateVariant, variantLevels, type VariantLevel, type VariantName } from '../src/generator/variants/index.js';

const [variant, level, countText, attemptsText, minCluesText] = process.argv.slice(2) as [VariantName, VariantLevel, string?, string?, string?];
const minClues = minCluesText === undefined ? undefined : Number(minCluesText);
const count = Number(countText ?? 20);
const maxAttempts = Number(attemptsText ?? 100);
if (!variantLevels(variant).levels.includes(level)) throw new Error(`${variant} has no level ${level}`);

function cpuMs(): number {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
}

for (let i = 1; i <= 2; i++) {
  try {
    generateVariant({ variant, level, seed: 'warm', index: i, maxAttempts, minClues });
  } catch {
    // warm-up only
  }
}
const ms: number[] = [];
const ratings = new Map<number, number>();
let attempts = 0;
let clues = 0;
let failed = 0;
let made = 0;
const start = cpuMs();
for (let i = 1; i <= count; i++) {
  const t0 = cpuMs();
  try {
    const puzzle = generateVariant({ variant, level, seed: 'sz', index: i, maxAttempts, minClues });
    made++;
    attempts += puzzle.attempts;
    clues += puzzle.clues;
    ratings.set(puzzle.rating ?? -1, (ratings.get(puzzle.rating ?? -1) ?? 0) + 1);
  } catch {
    failed++;
  }
  ms.push(cpuMs() - t0);
}
const total = cpuMs() - start;
ms.sort((a, b) => a - b);
const rated = [...ratings].sort((a, b) => a[0] - b[0]).map(([r, n]) => `${r.toFixed(1)}x${n}`).join(' ');
console.log(
  `${variant} ${level}: ${made}/${count} made (${failed} failed at ${maxAttempts} attempts), ${(total / Math.max(made, 1)).toFixed(1)} CPU-ms per puzzle made, median ${ms[Math.floor(ms.length / 2)]!.toFixed(1)} ms, max ${ms[ms.length - 1]!.toFixed(0)} ms; attempts ${(attempts / Math.max(made, 1)).toFixed(1)}, clues ${(clues / Math.max(made, 1)).toFixed(1)}; ratings ${rated}`,
);
