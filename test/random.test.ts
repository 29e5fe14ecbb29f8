import { describe, expect, it } from 'vitest';
import alea from 'seedrandom/lib/alea.js';
import { puzzleRandom, shuffleInPlace } from '../src/generator/random.js';

/*
 * The generator's Alea (src/generator/random.ts) against seedrandom's, which made every puzzle
 * before it: the same doubles for the same seed, so the same puzzles.
 */
describe('puzzleRandom', () => {
  it('draws the doubles seedrandom draws from the same seed (ASCII, empty, long and non-ASCII seeds)', () => {
    const seeds: [string, string, number][] = [
      ['bench-0', 'variant|classic|beginner|none|0|||', 1],
      ['', '', 0],
      ['warm-2', 'variant|4x4|beginner|none|7|||', 4000],
      ['x'.repeat(300), 'k', 123456789],
      ['sudoku é ß 数独 \u{1F600}', 'variant|x|easy|rotational|0|sym|boxes|givens', 17],
    ];
    for (let i = 0; i < 40; i++) seeds.push([`seed-${i * 7919}`, `key-${i % 5}`, i * 31]);
    // Runs of one seed and key (the part before the index is hashed once a run), and back again.
    for (let i = 0; i < 30; i++) seeds.push(['run', 'variant|6x6|beginner|none|14|||', i]);
    for (let i = 0; i < 6; i++) seeds.push([i % 2 === 0 ? 'a' : 'a\u0000b', i % 2 === 0 ? 'b\u0000c' : 'c', i]);
    for (const [seed, key, index] of seeds) {
      const ours = puzzleRandom(seed, key, index);
      const theirs = alea(`${seed}\u0000${key}\u0000${index}`);
      // The first draw that differs (-1: none), with the seed, so a failure names where.
      let differs = -1;
      for (let k = 0; k < 2000 && differs < 0; k++) if (ours.next() !== theirs()) differs = k;
      expect({ seed, differs }).toEqual({ seed, differs: -1 });
    }
  });

  it('below(n) is floor(next() * n), and a shuffle is seedrandom-driven Fisher-Yates', () => {
    const ours = puzzleRandom('below', 'test', 3);
    const theirs = alea('below\u0000test\u00003');
    const got: number[] = [];
    const want: number[] = [];
    for (let n = 1; n < 500; n++) {
      got.push(ours.below(n));
      want.push(Math.floor(theirs() * n));
    }
    expect(got).toEqual(want);
    const items = Int32Array.from({ length: 81 }, (_, i) => i);
    shuffleInPlace(items, puzzleRandom('shuffle', 'test', 9));
    const expected = Array.from({ length: 81 }, (_, i) => i);
    const stream = alea('shuffle\u0000test\u00009');
    for (let i = 80; i > 0; i--) {
      const j = Math.floor(stream() * (i + 1));
      [expected[i], expected[j]] = [expected[j]!, expected[i]!];
    }
    expect(Array.from(items)).toEqual(expected);
  });
});
