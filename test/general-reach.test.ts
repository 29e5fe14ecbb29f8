import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Board } from '../src/core/board.js';
import { parseVariantLine } from '../src/formats/line.js';
import { shapeOf } from '../src/grader/general/shape.js';
import { fillScan, newScan } from '../src/techniques/general/places.js';
import { buildReach } from '../src/techniques/general/reach.js';

/*
 * The chains rung's prefilter (src/techniques/general/reach.ts) against a plain search of the
 * static implication graph, on the boards where the fixtures' chain steps were found: for every
 * candidate and mode, "a forcing chain from p on / off exists at some length" and "p on lies on a
 * cycle through another candidate" as the filter says them and as a breadth-first search finds
 * them. The filter must be exact for "no" (the rung skips those searches); it is exact both ways.
 */

const VALUE_CHARS = '.123456789ABCDEFG';
const MODES = [0, 1, 2] as const; // X, Y, XY

const cases = readFileSync(new URL('./fixtures/general/technique-steps.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => line.split('\t'))
  .filter((c) => ['6x6-x', '8x8', '12x12'].includes(c[0]!) && /cycle|chain/.test(c[1]!))
  .slice(0, 10);

describe('reach.ts: which candidates have a chain or cycle at all', () => {
  it('has boards to look at', () => expect(cases.length).toBeGreaterThanOrEqual(6));

  it.each(cases.map((c) => [`${c[0]} ${c[1]}`, c] as const))('%s', (_name, [, , line, , , values, candidates]) => {
    const { rules } = parseVariantLine(line!);
    const board: Board = {
      values: Uint8Array.from(values!, (ch) => VALUE_CHARS.indexOf(ch)),
      candidates: Uint16Array.from({ length: rules.cellCount }, (_, cell) => parseInt(candidates!.slice(cell * 4, cell * 4 + 4), 16)),
    };
    const shape = shapeOf(rules);
    const scan = newScan(shape);
    fillScan(scan, board);
    const { size, cellCount } = shape;
    const has = (pot: number) => (board.candidates[(pot / size) | 0]! & (1 << pot % size)) !== 0;
    for (const mode of MODES) {
      const cellLinks = mode !== 0;
      const conjugates = mode !== 1;
      /** Strong partners of a candidate in this mode. */
      const partners = (pot: number): number[] => {
        const cell = (pot / size) | 0;
        const d = pot % size;
        const out: number[] = [];
        const mask = board.candidates[cell]!;
        if (cellLinks && mask.toString(2).replace(/0/g, '').length === 2) out.push(cell * size + (31 - Math.clz32(mask & ~(1 << d))));
        if (conjugates) {
          for (const house of rules.housesOf[cell]!) {
            const places = [...rules.houses[house]!].filter((other) => has(other * size + d));
            if (places.length === 2) out.push(places[0] === cell ? places[1]! * size + d : places[0]! * size + d);
          }
        }
        return out;
      };
      /** Candidates "pot on" turns off. */
      const excluded = (pot: number): number[] => {
        const cell = (pot / size) | 0;
        const d = pot % size;
        const out: number[] = [];
        if (cellLinks) for (let e = 0; e < size; e++) if (e !== d && has(cell * size + e)) out.push(cell * size + e);
        for (const peer of rules.peers[cell]!) if (has(peer * size + d)) out.push(peer * size + d);
        return out;
      };
      /** Nodes (pot * 2 + on) reachable from a node, itself excluded unless on a loop. */
      const reachable = (start: number): Set<number> => {
        const seen = new Set<number>();
        const queue = [start];
        while (queue.length > 0) {
          const node = queue.pop()!;
          const next = node & 1 ? excluded(node >> 1).map((q) => q * 2) : partners(node >> 1).map((b) => b * 2 + 1);
          for (const n of next) if (!seen.has(n)) (seen.add(n), queue.push(n));
        }
        return seen;
      };
      const reach = buildReach(board, scan, mode);
      const all = new Map<number, Set<number>>();
      for (let pot = 0; pot < cellCount * size; pot++) if (has(pot) && board.values[(pot / size) | 0] === 0) all.set(pot, reachable(pot * 2 + 1));
      for (const [pot, fromOn] of all) {
        const name = `mode ${mode}, cell ${(pot / size) | 0}, digit ${(pot % size) + 1}`;
        if (mode !== 1) {
          expect(reach.onChain(pot), `${name} on`).toBe(fromOn.has(pot * 2));
          expect(reach.offChain(pot), `${name} off`).toBe(reachable(pot * 2).has(pot * 2 + 1));
        }
        const strong = partners(pot).length > 0;
        const loop = strong && [...fromOn].some((n) => n & 1 && n >> 1 !== pot && all.get(n >> 1)!.has(pot * 2 + 1));
        expect(reach.cycle(pot), `${name} cycle`).toBe(loop);
      }
    }
  });
});
