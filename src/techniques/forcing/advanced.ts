import { POPCOUNT } from '../../core/tables.js';
import type { ChainEngine, NestedProof, Run } from './engine.js';
import { findDynamicNestedOffs, findNestedOffs } from './nested.js';
import type { SeHouses } from './se-units.js';
import { variantTechniques } from '../variant-link.js';

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
 * multiple forcing chains; at level 4, dynamic forcing chains; at level 5, those and then dynamic
 * forcing chains of level 2) that finds any removal depending on the chain's own "off" nodes. A
 * removal whose pattern needs no chain node is not used (the technique would apply without it).
 * `fromStage` skips what is known to find nothing: 1 skips the simple techniques, 2 the forcing
 * chains too (a run continued from the lower level's run, which stopped there).
 */
export function findAdvancedOffs(engine: ChainEngine, run: Run, level: number, fromStage = 0): AdvancedOff[] {
  // One array for every call: the engine reads each result before it asks again.
  const out = OUT;
  out.length = 0;
  if (fromStage === 0 && engine.lostAny) {
    HOUSES = engine.houses;
    LOST_DIGITS = engine.lostDigits;
    LOST_CELLS = engine.lostCells;
    for (const rule of RULES) {
      rule(engine.cur, engine.curPos, engine.base, out);
      if (out.length > 0) return out;
    }
  }
  if (level >= 4) findDynamicNestedOffs(engine, run, level, out, fromStage >= 2);
  else if (level >= 2) findNestedOffs(engine, run, level, out, fromStage >= 2);
  return out;
}

const OUT: AdvancedOff[] = [];

/**
 * Whether the board losing candidates `changed[0..count)` (absent from `cur`) can have made a new
 * pattern of the simple rules on a chain's working grid where they found none before, the chain
 * having touched none of them (see ChainEngine.adoptRuns): then its removals are what they were.
 * Only a pattern defined on a slot or cell that lost one can be new; locking is not (its source is
 * a slot the chain changed, which holds none of them). Patterns are counted whether or not they rely
 * on the chain: a superset, for a sure "no".
 */
export function changeMakesPatterns(h: SeHouses, cur: Uint16Array, curPos: Uint16Array, changed: Int16Array, count: number): boolean {
  HOUSES = h;
  for (let n = 0; n < count; n++) {
    const pot = changed[n]!;
    const cell = Math.floor(pot / 9);
    const digitIndex = pot % 9;
    for (let k = h.start[cell]!; k < h.start[cell + 1]!; k++) {
      const unit = h.house[k]!;
      if (hiddenPairWith(cur, curPos, unit, digitIndex)) return true;
      if (POPCOUNT[cur[cell]!] === 2 && nakedPairWith(cur, unit, cell)) return true;
    }
    const geometry = h.geometry;
    if (xWingWith(cur, curPos, geometry.rowOf[cell]!, 0, digitIndex) || xWingWith(cur, curPos, 9 + geometry.colOf[cell]!, 9, digitIndex)) return true;
  }
  return false;
}

/** Some hidden pair of digit `d` and another in `unit`, with something to remove. */
function hiddenPairWith(cur: Uint16Array, curPos: Uint16Array, unit: number, d: number): boolean {
  const p1 = curPos[unit * 9 + d]!;
  if (POPCOUNT[p1]! < 1 || POPCOUNT[p1]! > 2) return false;
  for (let d2 = 0; d2 < 9; d2++) {
    const p2 = curPos[unit * 9 + d2]!;
    if (d2 === d || POPCOUNT[p2]! < 1 || POPCOUNT[p2]! > 2 || POPCOUNT[p1 | p2] !== 2) continue;
    const keep = (1 << d) | (1 << d2);
    for (let i = 0; i < 9; i++) if ((p1 | p2) & (1 << i) && (cur[HOUSES.cells[unit * 9 + i]!]! & ~keep) !== 0) return true;
  }
  return false;
}

/** Some naked pair of `cell` (two candidates) and another cell of `unit`, with something to remove. */
function nakedPairWith(cur: Uint16Array, unit: number, cell: number): boolean {
  const mask = cur[cell]!;
  let partner = -1;
  for (let i = 0; i < 9; i++) {
    const other = HOUSES.cells[unit * 9 + i]!;
    if (other !== cell && cur[other] === mask) partner = other;
  }
  if (partner < 0) return false;
  for (let i = 0; i < 9; i++) {
    const other = HOUSES.cells[unit * 9 + i]!;
    if (other !== cell && other !== partner && (cur[other]! & mask) !== 0) return true;
  }
  return false;
}

/** Some X-wing of digit `d` on `line` (a row, or a column when `first` is 9) and another line of its kind. */
function xWingWith(cur: Uint16Array, curPos: Uint16Array, line: number, first: number, d: number): boolean {
  const p = curPos[line * 9 + d]!;
  if (POPCOUNT[p] !== 2) return false;
  const cover = first === 0 ? 9 : 0;
  for (let other = first; other < first + 9; other++) {
    if (other === line || curPos[other * 9 + d] !== p) continue;
    for (let i = 0; i < 9; i++) {
      if ((p & (1 << i)) === 0) continue;
      // Cover line i: d anywhere but in the two base lines.
      const positions = curPos[(cover + i) * 9 + d]! & ~(1 << (line - first)) & ~(1 << (other - first));
      if (positions !== 0) return true;
    }
  }
  return false;
}

const offNode = (cell: number, digitIndex: number): number => (cell * 9 + digitIndex) << 1;

/** Pushes the "off" nodes of a cell's digits in `digits` (a 9-bit mask), in digit order. */
function pushOffs(into: number[], cell: number, digits: number): void {
  while (digits !== 0) {
    const low = digits & -digits;
    digits ^= low;
    into.push(offNode(cell, 31 - Math.clz32(low)));
  }
}

/*
 * A rule's removal is used only when its pattern relies on a candidate the chain removed (its
 * parents are such candidates), so each rule looks only where the chain removed something: at
 * units that lost a candidate of the digit (locking, hidden pairs, X-wings) or at cells that lost
 * one (naked pairs). What it finds, and in which order, is the same as a scan of the whole grid.
 */
/** The houses of the engine whose working grid the rules look at (its `houses`). */
let HOUSES: SeHouses;
/** Per unit: digits of which the chain removed some candidate in it (the engine's lostDigits). */
let LOST_DIGITS: Uint16Array = new Uint16Array(0);
/** Per unit: positions (index in the unit) of the cells that lost some candidate (its lostCells). */
let LOST_CELLS: Uint16Array = new Uint16Array(0);

/** "Off" nodes of the cells of a unit that lost a digit, skipping cells in `skip` (a cell predicate). */
function lostInUnit(unit: number, digitIndex: number, cur: Uint16Array, base: Uint16Array, skip: (cell: number) => boolean, into: number[]): void {
  const bit = 1 << digitIndex;
  for (let i = 0; i < 9; i++) {
    const cell = HOUSES.cells[unit * 9 + i]!;
    if ((base[cell]! & bit) !== 0 && (cur[cell]! & bit) === 0 && !skip(cell)) into.push(offNode(cell, digitIndex));
  }
}

function emit(out: AdvancedOff[], removals: number[], parents: number[], cause: string): void {
  if (parents.length === 0 || removals.length === 0) return;
  for (const node of removals) out.push({ node, parents, cause });
}

/** Unit-position masks: box positions of each box row / column; line positions inside each box. */
const BOX_ROW_MASK = [0x7, 0x38, 0x1c0];
const BOX_COL_MASK = [0x49, 0x92, 0x124];

/** Adds the removals of digit `d` at the given positions of a unit, and the rule's parents. */
export function emitLocking(out: AdvancedOff[], target: number, removeMask: number, source: number, keepMask: number, d: number, base: Uint16Array, curPos: Uint16Array): void {
  const houseCells = HOUSES.cells;
  let lost = 0;
  for (let i = 0; i < 9; i++) {
    const cell = houseCells[source * 9 + i]!;
    if ((base[cell]! & (1 << d)) !== 0 && (curPos[source * 9 + d]! & (1 << i)) === 0 && (keepMask & (1 << i)) === 0) lost |= 1 << i;
  }
  if (lost === 0) return;
  const parents: number[] = [];
  for (let i = 0; i < 9; i++) if (lost & (1 << i)) parents.push(offNode(houseCells[source * 9 + i]!, d));
  for (let i = 0; i < 9; i++) if (removeMask & (1 << i)) out.push({ node: offNode(houseCells[target * 9 + i]!, d), parents, cause: 'locked candidates' });
}

/**
 * Pointing (box -> column, box -> row) then claiming (column -> box, row -> box), with position
 * masks: a box's places for a digit inside one of its rows / columns, or a line's inside one box.
 */
const locking: Rule = (_cur, curPos, base, out) => {
  if (!HOUSES.geometry.classic) {
    // Any other geometry: SukakuExplainer's pairs of houses (locking-pairs.ts, linked in by buildRules).
    variantTechniques().lockingByPairs(HOUSES, LOST_DIGITS, curPos, base, out, emitLocking);
    return;
  }
  // Plain counters, not loops over array literals: these rules run at every quiescence.
  for (let pass = 0; pass < 2; pass++) {
    const toColumns = pass === 0;
    for (let b = 0; b < 9; b++) {
      const boxUnit = 18 + b;
      const boxRow = Math.floor(b / 3);
      const boxCol = b % 3;
      let digits = LOST_DIGITS[boxUnit]!;
      while (digits !== 0) {
        const d = 31 - Math.clz32(digits & -digits);
        digits &= digits - 1;
        const pos = curPos[boxUnit * 9 + d]!;
        if (POPCOUNT[pos]! < 2) continue;
        for (let k = 0; k < 3; k++) {
          if (toColumns && (pos & ~BOX_COL_MASK[k]!) === 0) {
            const col = 9 + boxCol * 3 + k;
            const remove = curPos[col * 9 + d]! & ~(0x7 << (boxRow * 3));
            if (remove) emitLocking(out, col, remove, boxUnit, BOX_COL_MASK[k]!, d, base, curPos);
          }
          if (!toColumns && (pos & ~BOX_ROW_MASK[k]!) === 0) {
            const row = boxRow * 3 + k;
            const remove = curPos[row * 9 + d]! & ~(0x7 << (boxCol * 3));
            if (remove) emitLocking(out, row, remove, boxUnit, BOX_ROW_MASK[k]!, d, base, curPos);
          }
        }
      }
    }
  }
  for (let pass = 0; pass < 2; pass++) {
    const lineStart = pass === 0 ? 9 : 0;
    for (let l = 0; l < 9; l++) {
      const line = lineStart + l;
      let digits = LOST_DIGITS[line]!;
      while (digits !== 0) {
        const d = 31 - Math.clz32(digits & -digits);
        digits &= digits - 1;
        const pos = curPos[line * 9 + d]!;
        if (POPCOUNT[pos]! < 2) continue;
        for (let k = 0; k < 3; k++) {
          if ((pos & ~(0x7 << (k * 3))) !== 0) continue;
          // Rows: positions are columns, the box is (row band, k); columns: (k, column stack).
          const box = lineStart === 0 ? Math.floor(l / 3) * 3 + k : k * 3 + Math.floor(l / 3);
          const inLine = lineStart === 0 ? BOX_ROW_MASK[l % 3]! : BOX_COL_MASK[l % 3]!;
          const remove = curPos[(18 + box) * 9 + d]! & ~inLine;
          if (remove) emitLocking(out, 18 + box, remove, line, 0x7 << (k * 3), d, base, curPos);
        }
      }
    }
  }
};

function unitHas(unit: number, cell: number): boolean {
  return ((HOUSES.geometry.houseWords[unit * 3 + ((cell / 27) | 0)]! >> (cell % 27)) & 1) === 1;
}

const hiddenPairs: Rule = (cur, curPos, base, out) => {
  const order = HOUSES.order;
  for (let u = 0; u < order.length; u++) {
    const unit = order[u]!;
    const lost = LOST_DIGITS[unit]!;
    if (lost === 0) continue;
    // A pair needs a digit that lost a candidate here, with one or two places left: most units
    // have none (looked at first, over those digits only).
    let lostFew = 0;
    for (let digits = lost; digits !== 0; digits &= digits - 1) {
      const d = 31 - Math.clz32(digits & -digits);
      const count = POPCOUNT[curPos[unit * 9 + d]!]!;
      if (count >= 1 && count <= 2) lostFew |= 1 << d;
    }
    if (lostFew === 0) continue;
    // Digits with one or two places here: the only ones a pair can be made of.
    let few = 0;
    for (let d = 0; d < 9; d++) {
      const count = POPCOUNT[curPos[unit * 9 + d]!]!;
      if (count >= 1 && count <= 2) few |= 1 << d;
    }
    for (let d1 = 0; d1 < 9; d1++) {
      if ((few & (1 << d1)) === 0) continue;
      const p1 = curPos[unit * 9 + d1]!;
      // Digits after d1 that can pair with it: any, if d1 lost a candidate here; else those that did.
      const partners = (lost & (1 << d1) ? 0x1ff : lost) & few;
      for (let d2 = d1 + 1; d2 < 9; d2++) {
        if ((partners & (1 << d2)) === 0) continue;
        const p2 = curPos[unit * 9 + d2]!;
        if (POPCOUNT[p1 | p2] !== 2) continue;
        const keep = (1 << d1) | (1 << d2);
        // Most such pairs remove nothing: nothing is allocated for them.
        let extraAny = 0;
        for (let i = 0; i < 9; i++) if ((p1 | p2) & (1 << i)) extraAny |= cur[HOUSES.cells[unit * 9 + i]!]! & ~keep;
        if (extraAny === 0) continue;
        emitHiddenPair(unit, d1, d2, p1 | p2, cur, base, out);
      }
    }
  }
};

/**
 * The removals of a hidden pair of digits d1, d2 at `places` of a unit. Apart from the scan above
 * (no closure in a loop there: V8 would allocate a context for every iteration).
 */
function emitHiddenPair(unit: number, d1: number, d2: number, places: number, cur: Uint16Array, base: Uint16Array, out: AdvancedOff[]): void {
  const keep = (1 << d1) | (1 << d2);
  const removals: number[] = [];
  const cells: number[] = [];
  for (let i = 0; i < 9; i++) {
    if ((places & (1 << i)) === 0) continue;
    const cell = HOUSES.cells[unit * 9 + i]!;
    cells.push(cell);
    pushOffs(removals, cell, cur[cell]! & ~keep);
  }
  if (removals.length === 0) return;
  const parents: number[] = [];
  const inSet = (cell: number) => cells.includes(cell);
  lostInUnit(unit, d1, cur, base, inSet, parents);
  lostInUnit(unit, d2, cur, base, inSet, parents);
  emit(out, removals, parents, 'hidden pair');
}

const nakedPairs: Rule = (cur, _curPos, base, out) => {
  const order = HOUSES.order;
  for (let u = 0; u < order.length; u++) {
    const unit = order[u]!;
    const lost = LOST_CELLS[unit]!;
    if (lost === 0) continue;
    for (let i = 0; i < 9; i++) {
      const a = HOUSES.cells[unit * 9 + i]!;
      const mask = cur[a]!;
      if (POPCOUNT[mask] !== 2) continue;
      const partners = lost & (1 << i) ? 0x1ff : lost;
      for (let j = i + 1; j < 9; j++) {
        if ((partners & (1 << j)) === 0) continue;
        const b = HOUSES.cells[unit * 9 + j]!;
        if (cur[b] !== mask) continue;
        const removals: number[] = [];
        for (let k = 0; k < 9; k++) {
          const cell = HOUSES.cells[unit * 9 + k]!;
          if (cell === a || cell === b) continue;
          pushOffs(removals, cell, cur[cell]! & mask);
        }
        if (removals.length === 0) continue;
        const parents: number[] = [];
        pushOffs(parents, a, base[a]! & ~mask);
        pushOffs(parents, b, base[b]! & ~mask);
        emit(out, removals, parents, 'naked pair');
      }
    }
  }
};

/** X-wings: two rows (columns) holding a digit only in the same two columns (rows). */
const xWings: Rule = (cur, curPos, base, out) => {
  for (let pass = 0; pass < 2; pass++) {
    const baseType = pass * 9;
    const coverType = baseType === 0 ? 9 : 0;
    // One of the two base lines must have lost a candidate of the digit.
    let lostInLines = 0;
    for (let l = 0; l < 9; l++) lostInLines |= LOST_DIGITS[baseType + l]!;
    for (let d = 0; d < 9; d++) {
      if ((lostInLines & (1 << d)) === 0) continue;
      for (let l1 = 0; l1 < 9; l1++) {
        const p = curPos[(baseType + l1) * 9 + d]!;
        if (POPCOUNT[p] !== 2) continue;
        const l1Lost = (LOST_DIGITS[baseType + l1]! & (1 << d)) !== 0;
        for (let l2 = l1 + 1; l2 < 9; l2++) {
          if (!l1Lost && (LOST_DIGITS[baseType + l2]! & (1 << d)) === 0) continue;
          if (curPos[(baseType + l2) * 9 + d] !== p) continue;
          // The cover lines must hold the digit elsewhere (else nothing to remove, nothing allocated).
          let elsewhere = 0;
          for (let i = 0; i < 9; i++) if (p & (1 << i)) elsewhere |= curPos[(coverType + i) * 9 + d]! & ~((1 << l1) | (1 << l2));
          if (elsewhere === 0) continue;
          emitXWing(baseType, l1, l2, d, p, cur, base, out);
        }
      }
    }
  }
};

/** The removals of an X-wing of digit d on base lines l1, l2 (of type `baseType`) at places `p` (no closure in the scan's loop). */
function emitXWing(baseType: number, l1: number, l2: number, d: number, p: number, cur: Uint16Array, base: Uint16Array, out: AdvancedOff[]): void {
  const coverType = baseType === 0 ? 9 : 0;
  const covers: number[] = [];
  for (let i = 0; i < 9; i++) if (p & (1 << i)) covers.push(coverType + i);
  const removals: number[] = [];
  for (const cover of covers) {
    for (let k = 0; k < 9; k++) {
      if (k === l1 || k === l2) continue;
      const cell = HOUSES.cells[cover * 9 + k]!;
      if (cur[cell]! & (1 << d)) removals.push(offNode(cell, d));
    }
  }
  if (removals.length === 0) return;
  const parents: number[] = [];
  const inCover = (cell: number) => covers.some((c) => unitHas(c, cell));
  lostInUnit(baseType + l1, d, cur, base, inCover, parents);
  lostInUnit(baseType + l2, d, cur, base, inCover, parents);
  emit(out, removals, parents, 'X-wing');
}

const RULES: Rule[] = [locking, hiddenPairs, nakedPairs, xWings];
