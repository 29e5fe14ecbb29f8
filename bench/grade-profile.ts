/**
 * A tool for profiling variant grading (not a table of docs/benchmarks.md): grades one variant's puzzles of
 * variant-cases.ts for some passes, then prints the slowest puzzles (each one's lowest CPU time over
 * the passes) with their grade and share of the whole.
 *
 *   npx tsc -p tsconfig.bench.json
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof build-bench/bench/grade-profile.js x [--passes=3] [--top=15] [--by-technique]
 *
 * --by-technique: a further pass with each ladder technique's `find` timed (the chains group, which
 * the grader searches at once, and the grader's own work are the rest).
 */
import { geometryOf } from '../src/core/geometry.js';
import { gradePuzzle } from '../src/grader/grade.js';
import { ladderGroups } from '../src/techniques/registry.js';
import type { TechniqueDef } from '../src/techniques/types.js';
import { loadTrainingSet, loadWindoku } from './variant-cases.js';

const variant = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'x';
const passesArg = process.argv.find((a) => a.startsWith('--passes='));
const passes = passesArg === undefined ? 3 : Math.max(1, Number(passesArg.slice('--passes='.length)) || 3);
const topArg = process.argv.find((a) => a.startsWith('--top='));
const top = topArg === undefined ? 15 : Math.max(1, Number(topArg.slice('--top='.length)) || 15);

const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg === undefined ? null : new Set(onlyArg.slice('--only='.length).split(',').map(Number));
const cases = [...loadTrainingSet(), ...loadWindoku()].filter((c) => c.variant === variant).filter((_, i) => only === null || only.has(i));
if (cases.length === 0) {
  console.error(`no puzzles of variant ${variant}`);
  process.exit(2);
}
const best = cases.map(() => Infinity);
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (let pass = 0; pass < passes; pass++) {
  cases.forEach((c, i) => {
    const t0 = cpuMs();
    gradePuzzle({ rules: c.rules, givens: c.givens });
    best[i] = Math.min(best[i]!, cpuMs() - t0);
  });
}
const total = best.reduce((a, b) => a + b, 0);
console.log(`${variant}: ${cases.length} puzzles, ${total.toFixed(0)} ms (each puzzle's lowest of ${passes} passes)`);
const order = cases.map((_, i) => i).sort((a, b) => best[b]! - best[a]!);
for (const i of order.slice(0, top)) {
  const c = cases[i]!;
  const g = gradePuzzle({ rules: c.rules, givens: c.givens });
  console.log(`  #${i} ${c.level.padEnd(12)} ${g.rating}/${g.pearl}/${g.diamond} ${g.hardest.padEnd(32)} ${best[i]!.toFixed(1)} ms (${((100 * best[i]!) / total).toFixed(1)}%)`);
}

if (process.argv.includes('--by-technique')) {
  const defs = new Set<TechniqueDef>();
  for (const c of cases) for (const group of ladderGroups({ uniqueness: true, geometry: geometryOf(c.rules) })) for (const def of group.techniques) defs.add(def);
  const time = new Map<string, number>();
  const finds = new Map<TechniqueDef, TechniqueDef['find']>();
  for (const def of defs) {
    const find = def.find;
    finds.set(def, find);
    def.find = (board, context) => {
      const t0 = cpuMs();
      try {
        return find(board, context);
      } finally {
        time.set(def.id, (time.get(def.id) ?? 0) + cpuMs() - t0);
      }
    };
  }
  const t0 = cpuMs();
  for (const c of cases) gradePuzzle({ rules: c.rules, givens: c.givens });
  const all = cpuMs() - t0;
  for (const [def, find] of finds) def.find = find;
  const timed = [...time.values()].reduce((a, b) => a + b, 0);
  console.log(`by technique (ms of ${all.toFixed(0)}):`);
  for (const [id, ms] of [...time.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${id.padEnd(34)} ${ms.toFixed(1)} (${((100 * ms) / all).toFixed(1)}%)`);
  console.log(`  the chains group and the rest      ${(all - timed).toFixed(1)} (${((100 * (all - timed)) / all).toFixed(1)}%)`);
}
