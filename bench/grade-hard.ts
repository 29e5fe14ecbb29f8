/*
 * Speed and accuracy of grading at the top of the scale (ER 7.5 and above).
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/grade-hard.js [--limit N] [--verbose]
 *
 * Grades the puzzles of se-rated-train.tsv rated 7.5 or more (against SE's own ER) and those of
 * forum_hardest_1106.txt (speed only), single-threaded, SE-style: at each step the first technique
 * of the ladder that finds something is applied; the rating is the highest difficulty used. The
 * ladder is the project's registry when it exists, else a minimal one (singles, locking, subsets,
 * fish) under the forcing chains; the report says which.
 */
import { readFileSync, existsSync } from 'node:fs';
import { applyStep, boardFromGrid, type Board } from '../src/core/board.js';
import { parsePuzzle } from '../src/core/parse.js';
import type { Step } from '../src/core/step.js';
import { POPCOUNT, SINGLE_DIGIT, UNIT_CELLS } from '../src/core/tables.js';
import { FORCING_TECHNIQUES } from '../src/techniques/forcing.js';
import type { TechniqueDef, TechniqueFn } from '../src/techniques/types.js';

const DATA = new URL('../../../shared/data/', import.meta.url);
const args = process.argv.slice(2);
const limitArg = args.indexOf('--limit');
const limit = limitArg >= 0 ? Number(args[limitArg + 1]) : Infinity;
const verbose = args.includes('--verbose');
const only = args.includes('--se-only') ? 'se' : args.includes('--forum-only') ? 'forum' : 'both';

// ---- a minimal ladder, used until the registry exists ------------------------------------------

function def(id: string, difficulty: number, find: TechniqueFn): TechniqueDef {
  return { id, name: id, family: 'bench', difficulty, maxDifficulty: difficulty, uniqueness: false, find };
}
const step = (technique: string, difficulty: number, placements: Step['placements'], eliminations: Step['eliminations']): Step =>
  ({ technique, difficulty, placements, eliminations, pattern: { cells: [], digits: [], units: [] } });

const hiddenSingle: TechniqueFn = (board) => {
  for (let unit = 0; unit < 27; unit++) {
    for (let d = 0; d < 9; d++) {
      let count = 0;
      let where = -1;
      for (let i = 0; i < 9; i++) {
        const cell = UNIT_CELLS[unit * 9 + i]!;
        if (board.values[cell] === d + 1) count = 9;
        if (board.candidates[cell]! & (1 << d)) { count++; where = cell; }
      }
      if (count === 1) return step('hidden-single', unit >= 18 ? 1.2 : 1.5, [{ cell: where, digit: d + 1 }], []);
    }
  }
  return null;
};
const nakedSingle: TechniqueFn = (board) => {
  for (let cell = 0; cell < 81; cell++) {
    const d = SINGLE_DIGIT[board.candidates[cell]!]!;
    if (board.values[cell] === 0 && d) return step('naked-single', 2.3, [{ cell, digit: d }], []);
  }
  return null;
};
function unitOfKind(kind: number, cell: number): number {
  const row = Math.floor(cell / 9);
  const col = cell % 9;
  return kind === 0 ? row : kind === 1 ? 9 + col : 18 + Math.floor(row / 3) * 3 + Math.floor(col / 3);
}
const locking: TechniqueFn = (board) => {
  for (const [fromKind, toKinds, difficulty] of [[2, [0, 1], 2.6], [0, [2], 2.8], [1, [2], 2.8]] as const) {
    for (let u = 0; u < 9; u++) {
      const unit = (fromKind === 0 ? 0 : fromKind === 1 ? 9 : 18) + u;
      for (let d = 0; d < 9; d++) {
        const cells: number[] = [];
        for (let i = 0; i < 9; i++) if (board.candidates[UNIT_CELLS[unit * 9 + i]!]! & (1 << d)) cells.push(UNIT_CELLS[unit * 9 + i]!);
        if (cells.length < 2) continue;
        for (const toKind of toKinds) {
          const target = unitOfKind(toKind, cells[0]!);
          if (!cells.every((c) => unitOfKind(toKind, c) === target)) continue;
          const elim: Step['eliminations'] = [];
          for (let i = 0; i < 9; i++) {
            const cell = UNIT_CELLS[target * 9 + i]!;
            if (!cells.includes(cell) && board.candidates[cell]! & (1 << d)) elim.push({ cell, digit: d + 1 });
          }
          if (elim.length) return step('locking', difficulty, [], elim);
        }
      }
    }
  }
  return null;
};
function subsets(size: number, hidden: boolean, difficulty: number): TechniqueFn {
  return (board) => {
    for (let unit = 0; unit < 27; unit++) {
      const cells: number[] = [];
      for (let i = 0; i < 9; i++) if (board.values[UNIT_CELLS[unit * 9 + i]!] === 0) cells.push(UNIT_CELLS[unit * 9 + i]!);
      if (!hidden) {
        const pick = (start: number, chosen: number[], mask: number): Step | null => {
          if (chosen.length === size) {
            if (POPCOUNT[mask] !== size) return null;
            const elim: Step['eliminations'] = [];
            for (const c of cells) if (!chosen.includes(c)) for (let d = 0; d < 9; d++) if (board.candidates[c]! & mask & (1 << d)) elim.push({ cell: c, digit: d + 1 });
            return elim.length ? step('naked-subset', difficulty, [], elim) : null;
          }
          for (let i = start; i < cells.length; i++) {
            const m = mask | board.candidates[cells[i]!]!;
            if (POPCOUNT[m]! > size) continue;
            const r = pick(i + 1, [...chosen, cells[i]!], m);
            if (r) return r;
          }
          return null;
        };
        const r = pick(0, [], 0);
        if (r) return r;
      } else {
        const places = (d: number) => cells.filter((c) => board.candidates[c]! & (1 << d));
        const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((d) => places(d).length > 0);
        const pick = (start: number, chosen: number[], where: Set<number>): Step | null => {
          if (chosen.length === size) {
            if (where.size !== size) return null;
            const keep = chosen.reduce((m, d) => m | (1 << d), 0);
            const elim: Step['eliminations'] = [];
            for (const c of where) for (let d = 0; d < 9; d++) if (board.candidates[c]! & ~keep & (1 << d)) elim.push({ cell: c, digit: d + 1 });
            return elim.length ? step('hidden-subset', difficulty, [], elim) : null;
          }
          for (let i = start; i < digits.length; i++) {
            const next = new Set(where);
            for (const c of places(digits[i]!)) next.add(c);
            if (next.size > size) continue;
            const r = pick(i + 1, [...chosen, digits[i]!], next);
            if (r) return r;
          }
          return null;
        };
        const r = pick(0, [], new Set());
        if (r) return r;
      }
    }
    return null;
  };
}
function fish(size: number, difficulty: number): TechniqueFn {
  return (board) => {
    for (let d = 0; d < 9; d++) {
      for (const baseStart of [0, 9]) {
        const masks: number[] = [];
        for (let l = 0; l < 9; l++) {
          let m = 0;
          for (let i = 0; i < 9; i++) if (board.candidates[UNIT_CELLS[(baseStart + l) * 9 + i]!]! & (1 << d)) m |= 1 << i;
          masks.push(m);
        }
        const pick = (start: number, chosen: number[], cover: number): Step | null => {
          if (chosen.length === size) {
            if (POPCOUNT[cover] !== size) return null;
            const elim: Step['eliminations'] = [];
            for (let l = 0; l < 9; l++) {
              if (chosen.includes(l)) continue;
              for (let i = 0; i < 9; i++) {
                const cell = UNIT_CELLS[(baseStart + l) * 9 + i]!;
                if (cover & (1 << i) && board.candidates[cell]! & (1 << d)) elim.push({ cell, digit: d + 1 });
              }
            }
            return elim.length ? step('fish', difficulty, [], elim) : null;
          }
          for (let l = start; l < 9; l++) {
            if (masks[l] === 0) continue;
            const c = cover | masks[l]!;
            if (POPCOUNT[c]! > size) continue;
            const r = pick(l + 1, [...chosen, l], c);
            if (r) return r;
          }
          return null;
        };
        const r = pick(0, [], 0);
        if (r) return r;
      }
    }
    return null;
  };
}
const MINI_LADDER: TechniqueDef[] = [
  def('hidden-single', 1.2, hiddenSingle),
  def('naked-single', 2.3, nakedSingle),
  def('locking', 2.6, locking),
  def('naked-pair', 3.0, subsets(2, false, 3.0)),
  def('x-wing', 3.2, fish(2, 3.2)),
  def('hidden-pair', 3.4, subsets(2, true, 3.4)),
  def('naked-triple', 3.6, subsets(3, false, 3.6)),
  def('swordfish', 3.8, fish(3, 3.8)),
  def('hidden-triple', 4.0, subsets(3, true, 4.0)),
  def('naked-quad', 5.0, subsets(4, false, 5.0)),
  def('jellyfish', 5.2, fish(4, 5.2)),
  def('hidden-quad', 5.4, subsets(4, true, 5.4)),
];

interface Group { difficulty: number; techniques: TechniqueDef[] }

/** The ladder as SE-style producer groups: the registry's when it exists, else the minimal one. */
async function loadLadder(): Promise<{ groups: Group[]; source: string }> {
  const registryPath = new URL('../src/techniques/registry.js', import.meta.url);
  if (existsSync(registryPath)) {
    const mod = (await import(registryPath.href)) as { ladderGroups?: (o: { uniqueness: boolean }) => Group[] };
    if (typeof mod.ladderGroups === 'function') return { groups: [...mod.ladderGroups({ uniqueness: true })], source: 'registry' };
  }
  const ladder = [...MINI_LADDER, ...FORCING_TECHNIQUES];
  return { groups: ladder.map((t) => ({ difficulty: t.difficulty, techniques: [t] })), source: 'minimal ladder (singles, locking, subsets, fish) + forcing' };
}

const techniqueTime = new Map<string, number>();

/** SE's choice: the first group with a step wins; inside a group, the easiest step. */
function nextStep(board: Board, groups: Group[]): Step | null {
  for (const group of groups) {
    let best: Step | null = null;
    for (const def of group.techniques) {
      if (best && def.difficulty >= best.difficulty) break;
      const start = cpuMs();
      const found = def.find(board, { uniqueness: true });
      techniqueTime.set(def.id, (techniqueTime.get(def.id) ?? 0) + cpuMs() - start);
      if (found && (!best || found.difficulty < best.difficulty)) best = found;
    }
    if (best) return best;
  }
  return null;
}

// ---- grading -------------------------------------------------------------------------------------

interface Graded { rating: number; truncated: boolean; stuck: boolean; hardest: string; steps: number }

function grade(board: Board, groups: Group[]): Graded {
  let rating = 0;
  let hardest = '';
  let steps = 0;
  for (;;) {
    let solved = true;
    for (let cell = 0; cell < 81; cell++) if (board.values[cell] === 0) { solved = false; break; }
    if (solved) return { rating, truncated: false, stuck: false, hardest, steps };
    const found = nextStep(board, groups);
    if (!found) return { rating, truncated: false, stuck: true, hardest, steps };
    if (found.difficulty > rating) { rating = found.difficulty; hardest = found.technique; }
    if (found.placements.length === 0 && found.eliminations.length === 0) return { rating, truncated: true, stuck: false, hardest, steps };
    applyStep(board, found);
    steps++;
  }
}

/** CPU time of this process in ms (the machine is shared: wall time would count other jobs). */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

function reportTimes(): void {
  const top = [...techniqueTime.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`  time by technique (s): ${top.map(([id, ms]) => `${id} ${(ms / 1000).toFixed(1)}`).join(', ')}`);
  techniqueTime.clear();
}

async function main(): Promise<void> {
  const { groups, source } = await loadLadder();
  console.log(`grade-hard: ladder = ${source} (${groups.length} producer groups)`);

  if (only !== 'forum') {
    const rows = readFileSync(new URL('se-rated-train.tsv', DATA), 'utf8').trim().split('\n').slice(1)
      .map((line) => line.split('\t')).filter((f) => Number(f[1]) >= 7.5).slice(0, limit);
    const times: number[] = [];
    let exact = 0;
    let near = 0;
    let truncated = 0;
    let stuck = 0;
    for (const [puzzle, er] of rows) {
      const board = boardFromGrid(parsePuzzle(puzzle!));
      const start = cpuMs();
      const result = grade(board, groups);
      const ms = cpuMs() - start;
      times.push(ms);
      const diff = Math.round((result.rating - Number(er)) * 10) / 10;
      if (diff === 0) exact++;
      if (Math.abs(diff) <= 0.3) near++;
      if (result.truncated) truncated++;
      if (result.stuck) stuck++;
      if (verbose) console.log(`${puzzle} ER ${er} ours ${result.rating.toFixed(1)}${result.truncated ? '+' : ''} ${result.hardest} ${ms.toFixed(0)} ms`);
    }
    const n = rows.length;
    console.log(`se-rated-train ER >= 7.5: ${n} puzzles; exact ${exact} (${((100 * exact) / n).toFixed(0)}%), within 0.3 ${near} (${((100 * near) / n).toFixed(0)}%); bound hit ${truncated}, stuck ${stuck}`);
    console.log(`  CPU time per puzzle: mean ${(times.reduce((a, b) => a + b, 0) / n).toFixed(0)} ms, median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
    reportTimes();
  }
  if (only !== 'se') {
    const puzzles = readFileSync(new URL('forum_hardest_1106.txt', DATA), 'utf8').trim().split('\n').slice(0, limit);
    const times: number[] = [];
    let truncated = 0;
    const ratings: number[] = [];
    for (const puzzle of puzzles) {
      const board = boardFromGrid(parsePuzzle(puzzle));
      const start = cpuMs();
      const result = grade(board, groups);
      times.push(cpuMs() - start);
      ratings.push(result.rating);
      if (result.truncated) truncated++;
      if (verbose) console.log(`${puzzle} ours ${result.rating.toFixed(1)}${result.truncated ? '+' : ''} ${result.hardest} ${times.at(-1)!.toFixed(0)} ms`);
    }
    const n = puzzles.length;
    reportTimes();
    console.log(`forum_hardest_1106: ${n} puzzles; bound hit ${truncated}; median rating ${median(ratings).toFixed(1)}`);
    console.log(`  CPU time per puzzle: mean ${(times.reduce((a, b) => a + b, 0) / n).toFixed(0)} ms, median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
  }
}

await main();
