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
import { filteredRows, writeIndexedPng, type PngOptions } from './png.js';

const FILTER_UP = 2;

type Resvg = typeof ResvgClass;

/** A digit's ink: its box in the picture and the pixels of that box (RGBA words). */
interface Tile {
  x: number;
  y: number;
  width: number;
  height: number;
  pixels: Uint32Array;
  /** The pixels as numbers of the base's colour table, and each colour's first position (for PNGs). */
  numbers?: Uint16Array;
  firsts?: [number, number][];
}

/** The fixed part as palette numbers, for writing PNGs without looking at every pixel. */
interface Indexed {
  index: Uint8Array;
  /** 1 where a row of the fixed part is the same as the row above. */
  rowSame: Uint8Array;
  /** Colours 0..baseColors-1 are the fixed part's, by first appearance; the digits' come after. */
  baseColors: number;
  colorOf: number[];
  number: Map<number, number>;
  first: number[];
}

/** One fixed part (size, theme, grid, coordinates) and the digits drawn on it so far. */
interface Base {
  width: number;
  height: number;
  pixels: Uint32Array;
  background: number;
  /** Digit key -> its tile, or null when it cannot be copied safely. */
  tiles: Map<string, Tile | null>;
  /** Bytes held by the tiles (pixels, and colour numbers once written to a PNG). */
  tileBytes: number;
  /** Which picture last covered each pixel, to catch two digits meeting. */
  stamp: Uint32Array;
  generation: number;
  /** Set on the first PNG: null when the fixed part has more than 256 colours. */
  indexed?: Indexed | null;
}

// Memory: a base holds its pixels, their colour numbers and a stamp per pixel (9 bytes a pixel);
// tiles grow with the picture's size. Pictures above MAX_PIXELS are rendered whole.
const MAX_BASES = 4;
const MAX_PIXELS = 1600 * 1600;
const MAX_TILE_BYTES = 48 * 1024 * 1024;
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

/**
 * Where a digit's ink is expected: its advance wide, from just above the digits' height (0.73 em)
 * to just below the baseline; tight enough for the pencil marks of one cell (0.29 cell apart).
 */
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
  const y0 = Math.max(0, Math.round(p.y - p.size * 0.745 - PAD));
  const y1 = Math.min(height, Math.round(p.y + p.size * 0.02 + PAD));
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
    base.tileBytes += tile.pixels.byteLength * 1.5;
  });
}

/** The fixed part and the tiles of a scene, checked not to meet; null when it cannot be composed. */
function pieces(Resvg: Resvg, scene: Scene): { base: Base; tiles: Tile[] } | null {
  const glyphs = scene.glyphs;
  const first = scene.primitives[0];
  if (!LITTLE_ENDIAN || !glyphs || !first || first.type !== 'rect' || first.x !== 0 || first.y !== 0 || first.width < scene.width || first.height < scene.height) return null;
  if (Math.ceil(scene.width) * Math.ceil(scene.height) > MAX_PIXELS) return null;
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
    base = { ...whole, background: image.pixels[0]!, tiles: new Map(), tileBytes: 0, stamp: new Uint32Array(whole.pixels.length), generation: 0 };
    byBase.set(baseKey, base);
  }
  if (base.tileBytes > MAX_TILE_BYTES) {
    base.tiles.clear();
    base.tileBytes = 0;
    delete base.indexed; // its colour numbers are the tiles' too
  }
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

  const { width, stamp } = base;
  base.generation++;
  if (base.generation === 0xffffffff) {
    stamp.fill(0);
    base.generation = 1;
  }
  const tiles: Tile[] = [];
  for (const key of keys) {
    const tile = base.tiles.get(key);
    if (!tile) return null;
    for (let y = 0; y < tile.height; y++) {
      const row = (tile.y + y) * width + tile.x;
      for (let x = 0; x < tile.width; x++) {
        if (stamp[row + x] === base.generation) return null; // two digits meet
        stamp[row + x] = base.generation;
      }
    }
    tiles.push(tile);
  }
  return { base, tiles };
}

/**
 * The pixels of a plain board scene (digits as outlines: `scene.glyphs` set), as RGBA bytes, or null
 * when the scene is not one this can compose exactly (then render it whole).
 */
export function composeBoardPixels(Resvg: Resvg, scene: Scene): { rgba: Uint8Array; width: number; height: number } | null {
  const found = pieces(Resvg, scene);
  if (!found) return null;
  const { base, tiles } = found;
  const out = base.pixels.slice();
  for (const tile of tiles) {
    for (let y = 0; y < tile.height; y++) out.set(tile.pixels.subarray(y * tile.width, (y + 1) * tile.width), (tile.y + y) * base.width + tile.x);
  }
  return { rgba: new Uint8Array(out.buffer), width: base.width, height: base.height };
}

/** The fixed part as palette numbers (first appearance order), when it has at most 256 colours. */
function indexBase(base: Base): Indexed | null {
  const { width, height, pixels } = base;
  const number = new Map<number, number>();
  const colors: number[] = [];
  const first: number[] = [];
  const index = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) {
    const color = pixels[i]!;
    let k = number.get(color);
    if (k === undefined) {
      if (colors.length === 256) return null;
      k = colors.length;
      number.set(color, k);
      colors.push(color);
      first.push(i);
    }
    index[i] = k;
  }
  const rowSame = new Uint8Array(height);
  for (let y = 1; y < height; y++) {
    let same = 1;
    for (let x = 0, i = y * width, j = i - width; x < width; x++, i++, j++) {
      if (index[i] !== index[j]) {
        same = 0;
        break;
      }
    }
    rowSame[y] = same;
  }
  return { index, rowSame, baseColors: colors.length, colorOf: colors, number, first };
}

/** A tile's pixels as colour numbers of the base's table, and where each of its colours first shows. */
function indexTile(tile: Tile, indexed: Indexed, width: number): void {
  const numbers = new Uint16Array(tile.pixels.length);
  const firsts = new Map<number, number>();
  for (let y = 0, i = 0; y < tile.height; y++) {
    for (let x = 0; x < tile.width; x++, i++) {
      const color = tile.pixels[i]!;
      let k = indexed.number.get(color);
      if (k === undefined) {
        k = indexed.colorOf.length;
        indexed.number.set(color, k);
        indexed.colorOf.push(color);
      }
      numbers[i] = k;
      if (!firsts.has(k)) firsts.set(k, (tile.y + y) * width + tile.x + x);
    }
  }
  // In raster order the first pixel of a colour in a rectangle is the first met row by row.
  tile.numbers = numbers;
  tile.firsts = [...firsts];
}

/**
 * A plain board scene straight to PNG bytes, or null as {@link composeBoardPixels}. The bytes are
 * those of `encodeIndexedPng` on the whole render: the palette in order of first appearance (taken
 * from the pieces: the fixed part's colours where they first show, which no digit covers, and each
 * digit's), and the rows Up-filtered, where a row equal to the one above, with no digit on either,
 * is zeros without being looked at.
 */
export function composeBoardPng(Resvg: Resvg, scene: Scene, options: PngOptions = {}): Uint8Array | null {
  const found = pieces(Resvg, scene);
  if (!found) return null;
  const { base, tiles } = found;
  if (base.indexed === undefined) base.indexed = indexBase(base);
  const indexed = base.indexed;
  if (!indexed) return null;
  const { width, height } = base;
  for (let k = 0; k < indexed.baseColors; k++) if (base.stamp[indexed.first[k]!] === base.generation) return null; // a colour's first pixel covered
  const byRow: (Tile[] | undefined)[] = new Array(height);
  for (const tile of tiles) {
    if (!tile.numbers) indexTile(tile, indexed, width);
    for (let y = tile.y; y < tile.y + tile.height; y++) (byRow[y] ??= []).push(tile);
  }
  // The palette: every colour by the position it first shows at.
  const firstAt = new Float64Array(indexed.colorOf.length).fill(Infinity);
  for (let k = 0; k < indexed.baseColors; k++) firstAt[k] = indexed.first[k]!;
  for (const tile of tiles) for (const [k, at] of tile.firsts!) if (at < firstAt[k]!) firstAt[k] = at;
  const used: number[] = [];
  for (let k = 0; k < firstAt.length; k++) if (firstAt[k]! !== Infinity) used.push(k);
  if (used.length > 256) return null;
  used.sort((a, b) => firstAt[a]! - firstAt[b]!);
  const lut = new Uint8Array(firstAt.length);
  used.forEach((k, n) => (lut[k] = n));

  const filtered = filteredRows(width, height);
  const baseRow = new Uint8Array(width);
  let previous = new Uint8Array(width);
  let current = new Uint8Array(width);
  let previousHadTiles = false;
  for (let y = 0; y < height; y++) {
    const start = y * (width + 1);
    filtered[start] = FILTER_UP;
    const baseChanged = y === 0 || indexed.rowSame[y] === 0;
    if (baseChanged) for (let x = 0, i = y * width; x < width; x++, i++) baseRow[x] = lut[indexed.index[i]!]!;
    const here = byRow[y];
    if (!baseChanged && !here && !previousHadTiles) {
      filtered.fill(0, start + 1, start + 1 + width); // the same as the row above
      continue;
    }
    current.set(baseRow);
    if (here) {
      for (const tile of here) {
        const from = (y - tile.y) * tile.width;
        for (let x = 0; x < tile.width; x++) current[tile.x + x] = lut[tile.numbers![from + x]!]!;
      }
    }
    for (let x = 0; x < width; x++) filtered[start + 1 + x] = (current[x]! - previous[x]!) & 0xff;
    const done = previous;
    previous = current;
    current = done;
    previousHadTiles = here !== undefined;
  }
  return writeIndexedPng(filtered, width, height, used.map((k) => indexed.colorOf[k]!), options);
}
