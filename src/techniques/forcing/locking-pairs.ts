import { POPCOUNT } from '../../core/tables.js';
import type { AdvancedOff, emitLocking } from './advanced.js';
import type { SeHouses } from './se-units.js';

/*
 * The locking rule of the dynamic chains (advanced.ts) on rules other than classic, which only they
 * use (classic has its own scan there): buildRules links it in (techniques/variant-link.ts) and
 * classic bundles do not carry it.
 */

/**
 * Locking on any geometry: each pair of houses (source, target) that share cells, in
 * SukakuExplainer's order (SeHouses.lockingPairs); a digit whose places in the source (two or
 * more, one lost to the chain: `lost`, the digits each house lost) all lie in the target leaves
 * the target's other places, added to `out` by `emit` (advanced.ts's emitLocking).
 */
export function lockingByPairs(h: SeHouses, lost: Uint16Array, curPos: Uint16Array, base: Uint16Array, out: AdvancedOff[], emit: typeof emitLocking): void {
  const pairs = h.lockingPairs;
  const words = h.geometry.houseWords;
  const cells = h.cells;
  for (let p = 0; p < pairs.length; p += 2) {
    const source = pairs[p]!;
    let digits = lost[source]!;
    if (digits === 0) continue;
    const target = pairs[p + 1]!;
    // Places of the source inside the target, and of the target inside the source.
    let inTarget = 0;
    let inSource = 0;
    for (let i = 0; i < 9; i++) {
      const cell = cells[source * 9 + i]!;
      if ((words[target * 3 + ((cell / 27) | 0)]! >> (cell % 27)) & 1) inTarget |= 1 << i;
      const other = cells[target * 9 + i]!;
      if ((words[source * 3 + ((other / 27) | 0)]! >> (other % 27)) & 1) inSource |= 1 << i;
    }
    while (digits !== 0) {
      const d = 31 - Math.clz32(digits & -digits);
      digits &= digits - 1;
      const pos = curPos[source * 9 + d]!;
      if (POPCOUNT[pos]! < 2 || (pos & ~inTarget) !== 0) continue;
      const remove = curPos[target * 9 + d]! & ~inSource;
      if (remove) emit(out, target, remove, source, inTarget, d, base, curPos);
    }
  }
}
