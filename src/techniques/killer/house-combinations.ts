import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import type { TechniqueContext, TechniqueDef } from '../types.js';
import { analyseCage } from './cage-math.js';
import { easier, formatCombos, killerContext, killerStep, type KillerStep } from './step.js';

/**
 * House combinations: the cages wholly inside one house hold different digits, so their
 * combinations must not overlap. Of every cage's fitting combinations, those that cannot go with
 * some choice for the others (all disjoint) are dropped; a cage's cells lose the digits its
 * remaining combinations lack, and the house's other cells lose a digit every choice uses.
 *
 *   row 1: a 2-cage of 10 and a 2-cage of 4 (1+3 only): 10 cannot be 1+9 or 3+7, so it is 2+8 or
 *   4+6, and the rest of the row loses 1 and 3.
 *
 * Two to four cages at a time (those with empty cells, in house order); rated as a naked subset of
 * that many cages: 3.0, 3.6, 4.2 (pair 3.0, triple 3.6, quad 5.0 on SE's scale, less because the
 * combinations are listed already).
 */

/** Most cages taken together. */
const MAX_CAGES = 4;

const findHouseCombination = (board: Readonly<Board>, context: TechniqueContext): Step | null => {
  const killer = killerContext(context);
  if (killer === null) return null;
  const { geometry, cages } = killer;
  let best = null as KillerStep | null;
  const inHouse = new Uint8Array(81);
  for (let house = 0; house < geometry.houseCount; house++) {
    for (let j = 0; j < 9; j++) inHouse[geometry.houseCells[house * 9 + j]!] = 1;
    // Cages wholly inside the house with empty cells, and their fitting combinations.
    const inside: { cage: number; empty: number[]; combos: number[] }[] = [];
    const seen = new Set<number>();
    for (let j = 0; j < 9; j++) {
      const cell = geometry.houseCells[house * 9 + j]!;
      const c = geometry.cageOf[cell]!;
      if (c < 0 || seen.has(c)) continue;
      seen.add(c);
      const cage = cages[c]!;
      if (cage.sum === 0 || !Array.from(cage.cells).every((x) => inHouse[x] === 1)) continue;
      const a = analyseCage(board, cage);
      if (a === null || a.analysis.combos.length === 0) continue;
      inside.push({ cage: c, empty: a.empty, combos: a.analysis.combos });
    }
    for (let j = 0; j < 9; j++) inHouse[geometry.houseCells[house * 9 + j]!] = 0;
    if (inside.length < 2) continue;
    // Every group of 2..MAX_CAGES of them, smallest groups first.
    for (let size = 2; size <= Math.min(MAX_CAGES, inside.length); size++) {
      const difficulty = Math.round((3.0 + 0.6 * (size - 2)) * 10) / 10;
      if (best !== null && difficulty >= best.difficulty) break;
      forEachGroup(inside.length, size, (group) => {
        const members = group.map((i) => inside[i]!);
        // For each cage, its combinations that go with some disjoint choice for the others.
        const kept = members.map((m, k) => m.combos.filter((combo) => completesWith(members.filter((_, i) => i !== k), combo)));
        // Digits every joint choice uses.
        let always = 0x1ff;
        let any = false;
        const collect = (k: number, used: number): void => {
          if (k === members.length) {
            any = true;
            always &= used;
            return;
          }
          for (const combo of members[k]!.combos) if ((combo & used) === 0) collect(k + 1, used | combo);
        };
        collect(0, 0);
        if (!any) return;
        const eliminations: Candidate[] = [];
        members.forEach((m, k) => {
          // Only what the other cages take away: the cage's own sum is cage-combination's.
          let union = 0;
          for (const combo of kept[k]!) union |= combo;
          let own = 0;
          for (const combo of m.combos) own |= combo;
          for (const cell of m.empty) {
            let gone = board.candidates[cell]! & own & ~union;
            while (gone !== 0) {
              const bit = gone & -gone;
              gone ^= bit;
              eliminations.push({ cell, digit: 32 - Math.clz32(bit) });
            }
          }
        });
        const groupCells = new Set<number>();
        for (const m of members) for (const cell of cages[m.cage]!.cells) groupCells.add(cell);
        for (let j = 0; j < 9; j++) {
          const cell = geometry.houseCells[house * 9 + j]!;
          if (groupCells.has(cell)) continue;
          let gone = board.candidates[cell]! & always;
          while (gone !== 0) {
            const bit = gone & -gone;
            gone ^= bit;
            eliminations.push({ cell, digit: 32 - Math.clz32(bit) });
          }
        }
        if (eliminations.length === 0 || (best !== null && difficulty >= best.difficulty)) return;
        const first = cages[members[0]!.cage]!;
        best = easier(
          best,
          killerStep(
            { technique: 'house-combination', difficulty, placements: [], eliminations, pattern: { cells: [...groupCells].sort((a, b) => a - b), digits: digitsOf(always), units: [house] } },
            { cageSum: first.sum, cageSize: members.length, combos: members.map((m, k) => `${formatCombos(kept[k]!)} for the cage of ${cages[m.cage]!.sum}`).join(', ') },
          ),
        );
      });
    }
  }
  return best;
};

/** Whether the cages `others` have pairwise disjoint combinations avoiding `used`. */
function completesWith(others: readonly { combos: number[] }[], used: number, k = 0): boolean {
  if (k === others.length) return true;
  for (const combo of others[k]!.combos) if ((combo & used) === 0 && completesWith(others, used | combo, k + 1)) return true;
  return false;
}

function digitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

/** Calls `visit` with every ascending group of `size` indexes below `n`. */
function forEachGroup(n: number, size: number, visit: (group: number[]) => void): void {
  const group: number[] = [];
  const walk = (start: number): void => {
    if (group.length === size) {
      visit(group.slice());
      return;
    }
    for (let i = start; i < n; i++) {
      group.push(i);
      walk(i + 1);
      group.pop();
    }
  };
  walk(0);
}

/** The house-combination technique. */
export const HOUSE_COMBINATION_TECHNIQUES: readonly TechniqueDef[] = [
  { id: 'house-combination', name: 'House combinations', family: 'killer', difficulty: 3.0, maxDifficulty: 4.2, uniqueness: false, find: findHouseCombination },
];
