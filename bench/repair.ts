/**
 * Repair benchmark: on multi_solution_sample.txt (puzzles with several solutions), the fewest clues
 * to add to each (proven by the exact hitting-set search), their distribution, and the CPU time per
 * puzzle (median, 95th percentile, max), single-threaded. Every repair is checked: unique after, not
 * unique without any one added clue; for minimum <= 2 a brute force confirms no smaller set works.
 *
 *   npm run bench:repair
 *   npm run bench:repair -- --symmetry rotational
 */
import { readFileSync } from 'node:fs';
import { parsePuzzle } from '../src/core/parse.js';
import { repairPuzzle, type RepairOptions } from '../src/repair/index.js';
import { Solver } from '../src/solver/index.js';
import type { Symmetry } from '../src/generator/symmetry.js';

const DATA = new URL('../../../shared/data/', import.meta.url);
const symmetryArg = process.argv.indexOf('--symmetry');
const symmetry = (symmetryArg > 0 ? process.argv[symmetryArg + 1] : 'none') as Symmetry;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function main(): void {
  const puzzles = readFileSync(new URL('multi_solution_sample.txt', DATA), 'utf8').trim().split('\n').map((l) => l.trim());
  const solver = new Solver();
  const options: RepairOptions = { symmetry };
  // Warm-up: the JIT compiles the search on the first puzzles.
  for (const p of puzzles.slice(0, 50)) repairPuzzle(parsePuzzle(p), options);
  const times: number[] = [];
  const distribution = new Map<number, number>();
  let proven = 0;
  let checkedMinimal = 0;
  let bruteChecked = 0;
  let problems = 0;
  for (const text of puzzles) {
    const grid = parsePuzzle(text);
    const cpu0 = process.cpuUsage();
    const report = repairPuzzle(grid, options);
    const cpu = process.cpuUsage(cpu0);
    times.push((cpu.user + cpu.system) / 1000);
    if (report.status !== 'multiple') {
      problems++;
      continue;
    }
    if (report.proven) proven++;
    const repair = report.repairs[0]!;
    const added = repair.added.length;
    distribution.set(added, (distribution.get(added) ?? 0) + 1);
    const repaired = parsePuzzle(repair.puzzle);
    if (solver.count(repaired, 2) !== 1) problems++;
    let minimal = true;
    for (const p of repair.added) {
      repaired[p.cell] = 0;
      if (solver.count(repaired, 2) === 1 && symmetry === 'none') minimal = false;
      repaired[p.cell] = p.digit;
    }
    if (minimal) checkedMinimal++;
    if (symmetry === 'none' && report.minimum <= 2) {
      // Brute force: no set of minimum - 1 clues from the same solution makes it unique.
      const work = parsePuzzle(text);
      const empty = [...work.keys()].filter((cell) => work[cell] === 0);
      const target = report.solutions[0];
      let smaller = false;
      if (report.minimum === 1) smaller = false;
      else {
        for (const cell of empty) {
          work[cell] = Number(target[cell]);
          if (solver.count(work, 2) === 1) smaller = true;
          work[cell] = 0;
        }
      }
      if (smaller) problems++;
      bruteChecked++;
    }
  }
  times.sort((a, b) => a - b);
  const n = puzzles.length;
  console.log(`## Repair: multi_solution_sample.txt (${n} puzzles with several solutions), symmetry ${symmetry}\n`);
  console.log('| clues added | puzzles |\n|---:|---:|');
  for (const [k, count] of [...distribution.entries()].sort((a, b) => a[0] - b[0])) console.log(`| ${k} | ${count} |`);
  const mean = [...distribution.entries()].reduce((s, [k, c]) => s + k * c, 0) / Math.max(1, n - problems);
  console.log(`\nmean ${mean.toFixed(2)} clues; proven minimum on ${proven} of ${n}; unique after and minimal (no added clue can go) on ${checkedMinimal}; brute-force check of minimum <= 2 on ${bruteChecked}; problems ${problems}`);
  console.log(
    `CPU per puzzle: median ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(1)} ms, ` +
      `over 2 s: ${times.filter((t) => t > 2000).length} (targets: median < 50 ms, none over 2 s)`,
  );
}

main();
