/**
 * Board pictures rasterised from cached pieces. A plain board (no step marks) is a fixed part, the
 * background and grid, plus digits that each sit alone on the background inside their cell; in a
 * run of 1,000 puzzles the same digit in the same cell comes back again and again. So the fixed part
 * is rendered once, each digit once (by resvg, in a full-size picture holding just the background
 * and the digits, so with the very transforms and anti-aliasing of a whole render), and a picture
 * is the fixed part with its digits' pixels copied in: the same pixels as rendering it whole, at a
 * fraction of the cost (resvg spent ~5 ms per 600 px board, most of it on pixels no digit touches).
 *
 * Where that could differ from a whole render, it is not used (the caller renders the picture
 * whole): a digit whose ink leaves the box it is expected in or touches a grid line, two digits whose
 * boxes meet, a scene that does not start with its background. test/board-raster.test.ts compares
 * the two pixel for pixel.
 */
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import type { FontOutlines } from '../draw/glyphs.js';
import type { Primitive, Scene, TextPrimitive } from '../draw/scene.js';
import { sceneToSvg } from '../draw/svg.js';

type Resvg = typeof ResvgClass;

/** A digit's ink: its box in the picture and the pixels of that box (RGBA words). */
interface Tile {
  x: number;
  y: number;
  width: number;
  height: number;
  pixels: Uint32Array;
}

/** One fixed part (size, theme, grid, coordinates) and the digits drawn on it so far. */
interface Base {
  width: number;
  height: number;
  pixels: Uint32Array;
  background: number;
  /** Digit key -> its tile, or null when it cannot be copied safely. */
  tiles: Map<string, Tile | null>;
  /** Which picture last covered each pixel, to catch two digits meeting. */
  stamp: Uint32Array;
  generation: number;
}

const MAX_BASES = 16;
const MAX_TILES = 50_000;
/** Anti-aliasing reaches about a pixel beyond the outline. */
const PAD = 1.5;
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

const bases = new WeakMap<FontOutlines, Map<string, Base>>();

function render(Resvg: Resvg, scene: Scene): { pixels: Uint32Array; width: number; height: number } {
  const image = new Resvg(sceneToSvg(scene), { font: { loadSystemFonts: false } }).render();
  const bytes = image.pixels;
  const copy = new Uint32Array(image.width * image.height);
  new Uint8Array(copy.buffer).set(bytes);
  return { pixels: copy, width: image.width, height: image.height };
}

/** The scene with other primitives and no title (a title changes nothing in the pixels). */
function part(scene: Scene, primitives: Primitive[]): Scene {
  const out: Scene = { width: scene.width, height: scene.height, fontFamily: scene.fontFamily, primitives };
  if (scene.glyphs) out.glyphs = scene.glyphs;
  return out;
}

function tileKey(p: TextPrimitive): string {
  return `${p.x} ${p.y} ${p.size} ${p.bold ? 'b' : 'r'} ${p.fill} ${p.text}`;
}

/** Where a digit's ink is expected: its advance wide, from above the digits' height to below the baseline. */
function region(p: TextPrimitive, glyphs: FontOutlines, width: number, height: number): [number, number, number, number] | null {
  const face = p.bold ? glyphs.bold : glyphs.regular;
  let advance = 0;
  for (const ch of p.text) {
    const glyph = face.glyphs[ch];
    if (!glyph) return null;
    advance += glyph.advance;
  }
  const half = (advance * p.size) / face.unitsPerEm / 2;
  const x0 = Math.max(0, Math.floor(p.x - half - PAD));
  const x1 = Math.min(width, Math.ceil(p.x + half + PAD));
  const y0 = Math.max(0, Math.floor(p.y - p.size * 0.85 - PAD));
  const y1 = Math.min(height, Math.ceil(p.y + p.size * 0.1 + PAD));
  return [x0, y0, x1, y1];
}

/** Renders the digits not seen yet (all at once, on the background) and cuts them into tiles. */
function addTiles(Resvg: Resvg, scene: Scene, base: Base, missing: TextPrimitive[], keys: string[]): void {
  const glyphs = scene.glyphs!;
  const { width, height } = base;
  const regions = missing.map((p) => region(p, glyphs, width, height));
  // Regions must not meet, or a pixel's ink could not be told apart.
  const owner = new Int32Array(width * height).fill(-1);
  const unsafe = new Set<number>();
  regions.forEach((r, k) => {
    if (!r) return void unsafe.add(k);
    for (let y = r[1]; y < r[3]; y++) {
      for (let x = r[0]; x < r[2]; x++) {
        const i = y * width + x;
        if (owner[i]! >= 0) {
          unsafe.add(k);
          unsafe.add(owner[i]!);
        } else owner[i] = k;
      }
    }
  });
  const layer = render(Resvg, part(scene, [scene.primitives[0]!, ...missing]));
  const boxes = missing.map(() => [Infinity, Infinity, -1, -1]);
  const pixels = layer.pixels;
  for (let i = 0; i < pixels.length; i++) {
    if (pixels[i] === base.background) continue;
    const k = owner[i]!;
    if (k < 0) return; // ink outside every expected box: nothing from this layer is kept (the picture is rendered whole)
    const box = boxes[k]!;
    const x = i % width;
    const y = (i - x) / width;
    if (x < box[0]!) box[0] = x;
    if (y < box[1]!) box[1] = y;
    if (x > box[2]!) box[2] = x;
    if (y > box[3]!) box[3] = y;
  }
  missing.forEach((_p, k) => {
    if (unsafe.has(k)) return void base.tiles.set(keys[k]!, null);
    const [x0, y0, x1, y1] = boxes[k]!;
    const r = regions[k]!;
    // Ink reaching the edge of its box may go on beyond it (into a neighbour's box): not used.
    if (x1! >= 0 && (x0 === r[0] || y0 === r[1] || x1 === r[2] - 1 || y1 === r[3] - 1)) return void base.tiles.set(keys[k]!, null);
    if (x1! < 0) return void base.tiles.set(keys[k]!, { x: 0, y: 0, width: 0, height: 0, pixels: new Uint32Array(0) });
    const tile: Tile = { x: x0!, y: y0!, width: x1! - x0! + 1, height: y1! - y0! + 1, pixels: new Uint32Array((x1! - x0! + 1) * (y1! - y0! + 1)) };
    let safe = true;
    for (let y = 0; y < tile.height; y++) {
      for (let x = 0; x < tile.width; x++) {
        const i = (tile.y + y) * width + tile.x + x;
        // Under the ink the fixed part must be plain background (no grid line), as in the layer.
        if (base.pixels[i] !== base.background) safe = false;
        tile.pixels[y * tile.width + x] = pixels[i]!;
      }
    }
    base.tiles.set(keys[k]!, safe ? tile : null);
  });
}

/**
 * The pixels of a plain board scene (digits as outlines: `scene.glyphs` set), as RGBA bytes, or null
 * when the scene is not one this can compose exactly (then render it whole).
 */
export function composeBoardPixels(Resvg: Resvg, scene: Scene): { rgba: Uint8Array; width: number; height: number } | null {
  const glyphs = scene.glyphs;
  const first = scene.primitives[0];
  if (!LITTLE_ENDIAN || !glyphs || !first || first.type !== 'rect' || first.x !== 0 || first.y !== 0 || first.width < scene.width || first.height < scene.height) return null;
  const fixed: Primitive[] = [];
  const texts: TextPrimitive[] = [];
  for (const p of scene.primitives) {
    if (p.type === 'text') texts.push(p);
    else fixed.push(p);
  }
  let byBase = bases.get(glyphs);
  if (!byBase) {
    byBase = new Map();
    bases.set(glyphs, byBase);
  }
  const baseKey = sceneToSvg(part(scene, fixed));
  let base = byBase.get(baseKey);
  if (!base) {
    if (byBase.size >= MAX_BASES) byBase.clear();
    const image = render(Resvg, part(scene, [first]));
    const whole = render(Resvg, part(scene, fixed));
    base = { ...whole, background: image.pixels[0]!, tiles: new Map(), stamp: new Uint32Array(whole.pixels.length), generation: 0 };
    byBase.set(baseKey, base);
  }
  if (base.tiles.size > MAX_TILES) base.tiles.clear();
  const keys = texts.map(tileKey);
  const missing: TextPrimitive[] = [];
  const missingKeys: string[] = [];
  const seen = new Set<string>();
  texts.forEach((p, k) => {
    const key = keys[k]!;
    if (!base!.tiles.has(key) && !seen.has(key)) {
      seen.add(key);
      missing.push(p);
      missingKeys.push(key);
    }
  });
  if (missing.length > 0) addTiles(Resvg, scene, base, missing, missingKeys);

  const out = base.pixels.slice();
  const { width, stamp } = base;
  base.generation++;
  if (base.generation === 0xffffffff) {
    stamp.fill(0);
    base.generation = 1;
  }
  for (const key of keys) {
    const tile = base.tiles.get(key);
    if (!tile) return null;
    for (let y = 0; y < tile.height; y++) {
      const row = (tile.y + y) * width + tile.x;
      for (let x = 0; x < tile.width; x++) {
        if (stamp[row + x] === base.generation) return null; // two digits meet
        stamp[row + x] = base.generation;
      }
      out.set(tile.pixels.subarray(y * tile.width, (y + 1) * tile.width), row);
    }
  }
  return { rgba: new Uint8Array(out.buffer), width: base.width, height: base.height };
}
