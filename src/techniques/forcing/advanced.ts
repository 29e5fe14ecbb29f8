import { BOX_OF, COL_OF, POPCOUNT, ROW_OF, UNIT_CELLS } from '../../core/tables.js';
import type { ChainEngine, NestedProof, Run } from './engine.js';
import { findNestedOffs } from './nested.js';

/** A candidate a simpler technique removes from a chain's working grid, with the "off" nodes it needs. */
export interface AdvancedOff {
  node: number;
  parents: number[];
  cause: string;
  nested?: NestedProof;
}

type Rule = (cur: Uint16Array, curPos: Uint16Array, base: Uint16Array, out: AdvancedOff[]) => void;

/**
 * What SE's "advanced" chaining (level >= 1) adds when a chain's queue runs dry: the removals of the
 * first of locking, hidden pair, naked pair, X-wing (then, at level 2, forcing X/Y-chains; at level 3,
 * multiple forcing chains) that finds any removal depending on the chain's own "off" nodes. A
 * removal whose pattern needs no chain node is not used (the technique would apply without it).
 */
export function findAdvancedOffs(engine: ChainEngine, run: Run, level: number): AdvancedOff[] {
  const out: AdvancedOff[] = [];
  for (const rule of RULES) {
    rule(engine.cur, engine.curPos, engine.base, out);
    if (out.length > 0) return out;
  }
  if (level >= 2) findNestedOffs(engine, run, level, out);
  return out;
}

const offNode = (cell: number, digitIndex: number): number => (cell * 9 + digitIndex) << 1;

/** "Off" nodes of the cells of a unit that lost a digit, skipping cells in `skip` (a cell predicate). */
function lostInUnit(unit: number, digitIndex: number, cur: Uint16Array, base: Uint16Array, skip: (cell: number) => boolean, into: number[]): void {
  const bit = 1 << digitIndex;
  for (let i = 0; i < 9; i++) {
    const cell = UNIT_CELLS[unit * 9 + i]!;
    if ((base[cell]! & bit) !== 0 && (cur[cell]! & bit) === 0 && !skip(cell)) into.push(offNode(cell, digitIndex));
  }
}

function emit(out: AdvancedOff[], removals: number[], parents: number[], cause: string): void {
  if (parents.length === 0 || removals.length === 0) return;
  for (const node of removals) out.push({ node, parents, cause });
}

/** Pointing (box -> column, box -> row) then claiming (column -> box, row -> box). */
const locking: Rule = (cur, curPos, base, out) => {
  const pairs: Array<[number, number]> = [[18, 9], [18, 0], [9, 18], [0, 18]];
  for (const [from, to] of pairs) {
    for (let u = 0; u < 9; u++) {
      const unit = from + u;
      for (let d = 0; d < 9; d++) {
        const positions = curPos[unit * 9 + d]!;
        if (POPCOUNT[positions]! < 2) continue;
        let target = -1;
        let aligned = true;
        for (let i = 0; i < 9 && aligned; i++) {
          if ((positions & (1 << i)) === 0) continue;
          const cell = UNIT_CELLS[unit * 9 + i]!;
          const t = to === 18 ? 18 + BOX_OF[cell]! : to === 9 ? 9 + COL_OF[cell]! : ROW_OF[cell]!;
          if (target === -1) target = t;
          else if (t !== target) aligned = false;
        }
        if (!aligned) continue;
        const inFrom = (cell: number) => unitHas(unit, cell);
        const removals: number[] = [];
        for (let i = 0; i < 9; i++) {
          const cell = UNIT_CELLS[target * 9 + i]!;
          if ((cur[cell]! & (1 << d)) !== 0 && !inFrom(cell)) removals.push(offNode(cell, d));
        }
        if (removals.length === 0) continue;
        const parents: number[] = [];
        lostInUnit(unit, d, cur, base, (cell) => unitHas(target, cell), parents);
        emit(out, removals, parents, 'locked candidates');
      }
    }
  }
};

function unitHas(unit: number, cell: number): boolean {
  if (unit < 9) return ROW_OF[cell] === unit;
  if (unit < 18) return COL_OF[cell] === unit - 9;
  return BOX_OF[cell] === unit - 18;
}

const SE_UNIT_ORDER = [18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

const hiddenPairs: Rule = (cur, curPos, base, out) => {
  for (const unit of SE_UNIT_ORDER) {
    for (let d1 = 0; d1 < 9; d1++) {
      const p1 = curPos[unit * 9 + d1]!;
      if (POPCOUNT[p1]! < 1 || POPCOUNT[p1]! > 2) continue;
      for (let d2 = d1 + 1; d2 < 9; d2++) {
        const p2 = curPos[unit * 9 + d2]!;
        if (POPCOUNT[p2]! < 1 || POPCOUNT[p2]! > 2 || POPCOUNT[p1 | p2] !== 2) continue;
        const keep = (1 << d1) | (1 << d2);
        const removals: number[] = [];
        const cells: number[] = [];
        for (let i = 0; i < 9; i++) {
          if (((p1 | p2) & (1 << i)) === 0) continue;
          const cell = UNIT_CELLS[unit * 9 + i]!;
          cells.push(cell);
          let extra = cur[cell]! & ~keep;
          while (extra !== 0) {
            const low = extra & -extra;
            extra ^= low;
            removals.push(offNode(cell, 31 - Math.clz32(low)));
          }
        }
        if (removals.length === 0) continue;
        const parents: number[] = [];
        const inSet = (cell: number) => cells.includes(cell);
        lostInUnit(unit, d1, cur, base, inSet, parents);
        lostInUnit(unit, d2, cur, base, inSet, parents);
        emit(out, removals, parents, 'hidden pair');
      }
    }
  }
};

const nakedPairs: Rule = (cur, _curPos, base, out) => {
  for (const unit of SE_UNIT_ORDER) {
    for (let i = 0; i < 9; i++) {
      const a = UNIT_CELLS[unit * 9 + i]!;
      const mask = cur[a]!;
      if (POPCOUNT[mask] !== 2) continue;
      for (let j = i + 1; j < 9; j++) {
        const b = UNIT_CELLS[unit * 9 + j]!;
        if (cur[b] !== mask) continue;
        const removals: number[] = [];
        for (let k = 0; k < 9; k++) {
          const cell = UNIT_CELLS[unit * 9 + k]!;
          if (cell === a || cell === b) continue;
          let hit = cur[cell]! & mask;
          while (hit !== 0) {
            const low = hit & -hit;
            hit ^= low;
            removals.push(offNode(cell, 31 - Math.clz32(low)));
          }
        }
        if (removals.length === 0) continue;
        const parents: number[] = [];
        for (const cell of [a, b]) {
          let lost = base[cell]! & ~mask;
          while (lost !== 0) {
            const low = lost & -lost;
            lost ^= low;
            parents.push(offNode(cell, 31 - Math.clz32(low)));
          }
        }
        emit(out, removals, parents, 'naked pair');
      }
    }
  }
};

/** X-wings: two rows (columns) holding a digit only in the same two columns (rows). */
const xWings: Rule = (cur, curPos, base, out) => {
  for (const baseType of [0, 9]) {
    const coverType = baseType === 0 ? 9 : 0;
    for (let d = 0; d < 9; d++) {
      for (let l1 = 0; l1 < 9; l1++) {
        const p = curPos[(baseType + l1) * 9 + d]!;
        if (POPCOUNT[p] !== 2) continue;
        for (let l2 = l1 + 1; l2 < 9; l2++) {
          if (curPos[(baseType + l2) * 9 + d] !== p) continue;
          const covers: number[] = [];
          for (let i = 0; i < 9; i++) if (p & (1 << i)) covers.push(coverType + i);
          const removals: number[] = [];
          for (const cover of covers) {
            for (let k = 0; k < 9; k++) {
              if (k === l1 || k === l2) continue;
              const cell = UNIT_CELLS[cover * 9 + k]!;
              if (cur[cell]! & (1 << d)) removals.push(offNode(cell, d));
            }
          }
          if (removals.length === 0) continue;
          const parents: number[] = [];
          const inCover = (cell: number) => covers.some((c) => unitHas(c, cell));
          lostInUnit(baseType + l1, d, cur, base, inCover, parents);
          lostInUnit(baseType + l2, d, cur, base, inCover, parents);
          emit(out, removals, parents, 'X-wing');
        }
      }
    }
  }
};

const RULES: Rule[] = [locking, hiddenPairs, nakedPairs, xWings];
