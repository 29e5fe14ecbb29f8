/**
 * Sparse sweeps: the worst cases of counting nearly empty grids (docs/performance-notes.md, "Variant
 * counting"). For each rule set, N puzzles of 1-4 random givens and 0-3 random cages (a few odd/even
 * marks on the odd/even sets), each counted to 2 through countSolutions; prints every case over
 * --slow ms of CPU as a variant line, then the set's count of cases, worst nodes and CPU ms, and the
 * sum of nodes and CPU.
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/sparse-sweep.js [--n=400] [--seed=s]
 *     [--slow=500] [--sets=jigsaw-windoku,jigsaw-x,...] [--lines=FILE] [--print=I] [--skip=I,J]
 *
 * With --lines=FILE the puzzles are read from FILE (one variant line each, as this prints them)
 * instead of drawn: nodes and CPU per line, to compare two builds on the same cases. --skip leaves
 * cases out (drawn all the same): those that run for minutes on an older build.
 */
import { readFileSync } from 'node:fs';
import { formatVariantLine, parseVariantLine } from '../src/formats/line.js';
import { randomRegions } from '../src/generator/variants/jigsaw.js';
import { puzzleRandom, type Random } from '../src/generator/random.js';
import { buildRules, type RulesSpec } from '../src/rules/index.js';
import type { CageSpec } from '../src/rules/types.js';
import { countSolutions, type SolveStats } from '../src/solver/index.js';

interface SetDef {
  size: number;
  jigsaw: boolean;
  spec: Partial<RulesSpec>;
  cages: boolean;
  parity: boolean;
}

const SETS: Record<string, SetDef> = {
  'jigsaw-windoku': { size: 9, jigsaw: true, spec: { windoku: true }, cages: false, parity: false },
  'jigsaw-x': { size: 9, jigsaw: true, spec: { diagonalDown: true, diagonalUp: true }, cages: false, parity: false },
  'jigsaw-killer': { size: 9, jigsaw: true, spec: {}, cages: true, parity: false },
  'oddeven-x': { size: 9, jigsaw: false, spec: { diagonalDown: true, diagonalUp: true }, cages: false, parity: true },
  'oddeven-windoku': { size: 9, jigsaw: false, spec: { windoku: true }, cages: false, parity: true },
  'oddeven-jigsaw': { size: 9, jigsaw: true, spec: {}, cages: false, parity: true },
  windoku: { size: 9, jigsaw: false, spec: { windoku: true }, cages: false, parity: false },
  x: { size: 9, jigsaw: false, spec: { diagonalDown: true, diagonalUp: true }, cages: false, parity: false },
  killer: { size: 9, jigsaw: false, spec: {}, cages: true, parity: false },
  'killer-windoku': { size: 9, jigsaw: false, spec: { windoku: true }, cages: true, parity: false },
  '12x12': { size: 12, jigsaw: false, spec: {}, cages: false, parity: false },
  '16x16': { size: 16, jigsaw: false, spec: {}, cages: false, parity: false },
  '12x12-killer': { size: 12, jigsaw: false, spec: {}, cages: true, parity: false },
};

function arg(name: string, fallback: string): string {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found === undefined ? fallback : found.slice(name.length + 3);
}

/** A cage of 2-4 orthogonally connected cells not yet caged, with a sum its digits can make. */
function randomCage(size: number, taken: Uint8Array, random: Random): CageSpec | null {
  const start = random.below(size * size);
  if (taken[start]) return null;
  const cells = [start];
  const want = 2 + random.below(3);
  for (let tries = 0; cells.length < want && tries < 20; tries++) {
    const from = cells[random.below(cells.length)]!;
    const r = Math.floor(from / size);
    const c = from % size;
    const next = [r > 0 ? from - size : -1, r < size - 1 ? from + size : -1, c > 0 ? from - 1 : -1, c < size - 1 ? from + 1 : -1][random.below(4)]!;
    if (next < 0 || taken[next] || cells.includes(next)) continue;
    cells.push(next);
  }
  if (cells.length < 2) return null;
  for (const cell of cells) taken[cell] = 1;
  const k = cells.length;
  const low = (k * (k + 1)) / 2;
  const high = (k * (2 * size - k + 1)) / 2;
  return { cells: cells.sort((a, b) => a - b), sum: low + random.below(high - low + 1) };
}

function drawPuzzle(def: SetDef, random: Random): { rules: ReturnType<typeof buildRules>; givens: Uint8Array } {
  const n = def.size * def.size;
  let regions: number[] | null = null;
  while (def.jigsaw && regions === null) regions = randomRegions(def.size, random);
  const taken = new Uint8Array(n);
  const cages: CageSpec[] = [];
  if (def.cages) {
    // Jigsaw killers get at least one cage (without, a plain jigsaw goes to jigsaw9-solver.ts).
    const want = def.jigsaw ? 1 + random.below(3) : random.below(4);
    for (let i = 0; i < want * 3 && cages.length < want; i++) {
      const cage = randomCage(def.size, taken, random);
      if (cage !== null) cages.push(cage);
    }
  }
  const odd: number[] = [];
  const even: number[] = [];
  if (def.parity) {
    const marks = 8 + random.below(9);
    for (let i = 0; i < marks; i++) {
      const cell = random.below(n);
      if (odd.includes(cell) || even.includes(cell)) continue;
      (random.below(2) === 0 ? odd : even).push(cell);
    }
  }
  const spec: RulesSpec = {
    size: def.size,
    ...def.spec,
    ...(regions === null ? {} : { regions }),
    ...(cages.length === 0 ? {} : { cages }),
    ...(def.parity ? { odd: odd.sort((a, b) => a - b), even: even.sort((a, b) => a - b) } : {}),
  };
  const rules = buildRules(spec);
  const givens = new Uint8Array(n);
  const count = 1 + random.below(4);
  for (let i = 0; i < count; i++) givens[random.below(n)] = 1 + random.below(def.size);
  return { rules, givens };
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function measure(rules: ReturnType<typeof buildRules>, givens: Uint8Array): { count: number; nodes: number; ms: number } {
  const stats: SolveStats = { nodes: 0, guesses: 0 };
  const t0 = cpuMs();
  const count = countSolutions({ rules, givens }, { stats });
  return { count, nodes: stats.nodes, ms: cpuMs() - t0 };
}

const slow = Number(arg('slow', '500'));
/** --print=I: only print case I's line (not counted), to look at a case that does not end. */
const only = arg('print', '');
const linesFile = arg('lines', '');
const skip = new Set(arg('skip', '').split(',').filter((i) => i !== '').map(Number));
if (linesFile !== '') {
  let total = 0;
  let totalNodes = 0;
  for (const text of readFileSync(linesFile, 'utf8').split('\n')) {
    const line = text.split('\t').find((f) => f.includes(':') && !f.startsWith('#')) ?? '';
    if (line.trim() === '' || text.startsWith('#')) continue;
    let puzzle;
    try {
      puzzle = parseVariantLine(line);
    } catch {
      continue;
    }
    const m = measure(puzzle.rules, puzzle.givens);
    total += m.ms;
    totalNodes += m.nodes;
    console.log(`${m.count}\t${m.nodes}\t${m.ms.toFixed(0)}\t${line.slice(0, 40)}`);
  }
  console.log(`# total nodes ${totalNodes} cpu ${total.toFixed(0)} ms`);
} else {
  const n = Number(arg('n', '400'));
  const seed = arg('seed', 'sweep');
  const names = arg('sets', Object.keys(SETS).join(',')).split(',');
  for (const name of names) {
    const def = SETS[name];
    if (def === undefined) throw new Error(`unknown set ${name}: ${Object.keys(SETS).join(', ')}`);
    let worstNodes = 0;
    let worstMs = 0;
    let sumMs = 0;
    let sumNodes = 0;
    const counts = [0, 0, 0];
    for (let i = 0; i < n; i++) {
      const { rules, givens } = drawPuzzle(def, puzzleRandom(seed, name, i));
      if (only !== '') {
        if (Number(only) === i) console.log(formatVariantLine({ rules, givens }));
        continue;
      }
      if (skip.has(i)) continue;
      const m = measure(rules, givens);
      counts[m.count]!++;
      sumMs += m.ms;
      sumNodes += m.nodes;
      worstNodes = Math.max(worstNodes, m.nodes);
      worstMs = Math.max(worstMs, m.ms);
      if (m.ms >= slow) console.log(`${name}\t${i}\t${m.count}\t${m.nodes}\t${m.ms.toFixed(0)}\t${formatVariantLine({ rules, givens })}`);
    }
    console.log(`# ${name}: ${n} cases (count 0/1/2: ${counts.join('/')}), worst ${worstNodes} nodes, ${worstMs.toFixed(0)} ms; total ${sumNodes} nodes, ${sumMs.toFixed(0)} ms`);
  }
}
