import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { boardFromGrid } from '../src/core/board.js';
import { parsePuzzle } from '../src/core/parse.js';
import { solve } from '../src/solver/index.js';
import { boardScene, sceneToSvg, type DrawOptions } from '../src/draw/index.js';
import { composeBoardPixels, composeBoardPng } from '../src/render/board-raster.js';
import { encodeIndexedPng } from '../src/render/png.js';
import { loadFontOutlines } from '../src/render/font-outlines.js';

const PUZZLES = readFileSync(new URL('./fixtures/book-puzzles.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => /^[0-9.]{81}/.test(line))
  .slice(0, 6)
  .map((line) => line.slice(0, 81));

function whole(svg: string): Uint8Array {
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
}

describe('board pictures from cached pieces', () => {
  const glyphs = loadFontOutlines();
  const variants: [string, (p: string) => Parameters<typeof boardScene>[0], DrawOptions][] = [
    ['givens, 600 px', (p) => ({ givens: p }), { size: 600 }],
    ['solution, 300 px, grey', (p) => ({ givens: p, values: solve(parsePuzzle(p))! }), { size: 300, theme: 'grey' }],
    ['candidates and coordinates, 451 px', (p) => ({ givens: p, candidates: boardFromGrid(parsePuzzle(p)).candidates }), { size: 451, layers: { coordinates: true } }],
  ];

  it.each(variants)('are the pixels of a whole render (%s)', (_name, picture, options) => {
    let composed = 0;
    for (const puzzle of PUZZLES) {
      const scene = boardScene(picture(puzzle), { ...options, glyphs });
      const pieces = composeBoardPixels(Resvg, scene);
      if (!pieces) continue;
      composed++;
      const pixels = whole(sceneToSvg(scene));
      expect(Buffer.from(pieces.rgba).equals(Buffer.from(pixels)), puzzle).toBe(true);
      // Straight to PNG: the very bytes of encoding the whole render.
      const png = composeBoardPng(Resvg, scene, { dpi: 300 });
      expect(png).not.toBeNull();
      const size = scene.width;
      expect(Buffer.from(png!).equals(Buffer.from(encodeIndexedPng(pixels, size, size, { dpi: 300 })!)), puzzle).toBe(true);
    }
    expect(composed).toBe(PUZZLES.length); // none left to the whole render
  });

  it('leaves big pictures to the whole render (memory)', () => {
    expect(composeBoardPixels(Resvg, boardScene({ givens: PUZZLES[0]! }, { size: 1700, glyphs }))).toBeNull();
  });

  it('declines a scene that does not start with its background', () => {
    const scene = boardScene({ givens: PUZZLES[0]! }, { size: 200, glyphs });
    expect(composeBoardPixels(Resvg, { ...scene, primitives: scene.primitives.slice(1) })).toBeNull();
  });

  it('declines digits whose ink runs into each other', () => {
    const scene = boardScene({ givens: PUZZLES[0]! }, { size: 200, glyphs });
    const text = scene.primitives.find((p) => p.type === 'text')!;
    // The same digit again, a few pixels to the right: their boxes meet.
    const crowded = { ...scene, primitives: [...scene.primitives, { ...text, x: (text as { x: number }).x + 3 }] };
    expect(composeBoardPixels(Resvg, crowded)).toBeNull();
  });
});
