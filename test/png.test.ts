import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { boardFromGrid } from '../src/core/board.js';
import { parsePuzzle } from '../src/core/parse.js';
import { boardScene, sceneToSvg } from '../src/draw/index.js';
import { loadFontOutlines } from '../src/render/font-outlines.js';
import { encodeIndexedPng } from '../src/render/png.js';

const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

interface Decoded {
  width: number;
  height: number;
  rgba: Uint8Array;
  chunks: string[];
  dpi?: number;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** A PNG decoder for what the two encoders write: 8-bit RGBA or 8-bit indexed, any row filter. */
function decodePng(bytes: Uint8Array): Decoded {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  let width = 0;
  let height = 0;
  let colorType = 0;
  let palette = Buffer.alloc(0);
  let dpi: number | undefined;
  const idat: Buffer[] = [];
  const chunks: string[] = [];
  for (let at = 8; at < buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    chunks.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      colorType = data[9]!;
    } else if (type === 'PLTE') palette = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'pHYs') dpi = Math.round(data.readUInt32BE(0) * 0.0254);
    at += 12 + length;
  }
  const channels = colorType === 3 ? 1 : 4;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? rows[y * stride + x - channels]! : 0;
      const b = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  if (colorType === 6) return { width, height, rgba: rows, chunks, ...(dpi === undefined ? {} : { dpi }) };
  expect(colorType).toBe(3);
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const k = rows[i]!;
    rgba.set([palette[k * 3]!, palette[k * 3 + 1]!, palette[k * 3 + 2]!, 255], i * 4);
  }
  return { width, height, rgba, chunks, ...(dpi === undefined ? {} : { dpi }) };
}

function raster(svg: string) {
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render();
}

describe('indexed PNG encoder', () => {
  const glyphs = loadFontOutlines();
  const grid = parsePuzzle(HARD1);
  const cases = {
    'givens, colour': boardScene({ givens: grid }, { size: 300, glyphs }),
    'candidates, grey, coordinates': boardScene(
      { givens: grid, candidates: boardFromGrid(grid).candidates },
      { size: 240, glyphs, theme: 'grey', layers: { coordinates: true } },
    ),
  };

  it.each(Object.entries(cases))('holds exactly the pixels resvg drew (%s)', (_name, scene) => {
    const image = raster(sceneToSvg(scene));
    const png = encodeIndexedPng(image.pixels, image.width, image.height);
    expect(png).not.toBeNull();
    const ours = decodePng(png!);
    const theirs = decodePng(image.asPng());
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
    expect(Buffer.from(ours.rgba).equals(Buffer.from(theirs.rgba))).toBe(true);
    expect(ours.chunks).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect(png!.length).toBeLessThan(image.asPng().length);
    // The same pixels give the same bytes.
    expect(Buffer.from(encodeIndexedPng(image.pixels, image.width, image.height)!).equals(Buffer.from(png!))).toBe(true);
  });

  it('writes the dpi for print software', () => {
    const image = raster(sceneToSvg(cases['givens, colour']));
    const decoded = decodePng(encodeIndexedPng(image.pixels, image.width, image.height, { dpi: 300 })!);
    expect(decoded.chunks).toEqual(['IHDR', 'pHYs', 'PLTE', 'IDAT', 'IEND']);
    expect(decoded.dpi).toBe(300);
  });

  it('declines images with more than 256 colours or see-through pixels', () => {
    const gradient = new Uint8Array(32 * 32 * 4);
    for (let i = 0; i < 32 * 32; i++) gradient.set([i & 0xff, i >> 8, 0, 255], i * 4);
    expect(encodeIndexedPng(gradient, 32, 32)).toBeNull();
    const clear = new Uint8Array(4 * 4 * 4).fill(255);
    clear[7] = 128;
    expect(encodeIndexedPng(clear, 4, 4)).toBeNull();
    expect(encodeIndexedPng(new Uint8Array(12), 4, 4)).toBeNull(); // wrong length
  });
});
