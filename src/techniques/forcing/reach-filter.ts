import { closureContradicts, closuresMeet } from './closure.js';
import { type ChainEngine, nodeOf } from './engine.js';
import { MAX_HOUSES } from './se-units.js';
import type { SearchFilter } from './search.js';

/**
 * Which cells and regions can give a static cell / region forcing chain on an engine's grid: those
 * whose assumptions' static closures have something in common, or where one assumption is
 * contradictory (its recorded run then stops early, as SE's does). Needs the engine's static
 * closures ({@link ChainEngine.computeStaticClosures}) computed first.
 */
export function reachFilter(sub: ChainEngine): SearchFilter {
  // Answers are asked for more than once (per cell, then per region): kept, -1 unknown.
  CELL_ANSWER.fill(-1);
  REGION_ANSWER.fill(-1);
  const shared = (count: number): boolean => {
    for (let i = 0; i < count; i++) if (closureContradicts(FILTER_NODES[i]!)) return true;
    return closuresMeet(FILTER_NODES, count);
  };
  return {
    cell(cell) {
      if (CELL_ANSWER[cell] === -1) {
        let count = 0;
        for (let d = 0; d < 9; d++) if (sub.base[cell]! & (1 << d)) FILTER_NODES[count++] = nodeOf(cell, d + 1, true);
        CELL_ANSWER[cell] = shared(count) ? 1 : 0;
      }
      return CELL_ANSWER[cell] === 1;
    },
    region(unit, digit) {
      const slot = unit * 9 + digit - 1;
      if (REGION_ANSWER[slot] === -1) {
        let count = 0;
        const positions = sub.basePos[slot]!;
        for (let i = 0; i < 9; i++) if (positions & (1 << i)) FILTER_NODES[count++] = nodeOf(sub.houses.cells[unit * 9 + i]!, digit, true);
        REGION_ANSWER[slot] = shared(count) ? 1 : 0;
      }
      return REGION_ANSWER[slot] === 1;
    },
  };
}
const FILTER_NODES = new Int16Array(9);
const CELL_ANSWER = new Int8Array(81);
const REGION_ANSWER = new Int8Array(MAX_HOUSES * 9);
