/**
 * A PNG encoder for board pictures. resvg's own `asPng()` writes 8-bit RGBA with its default deflate:
 * at 600 px that took longer than the raster itself (about 13 ms of 21 per picture) and gave 26 KB.
 * A board has few colours (white, two greys, the digits' colour and their anti-aliased edges: about
 * 50, 80 with candidates), so an indexed PNG holds the same pixels exactly in a byte each. Each row
 * is "Up"-filtered (a row equal to the one above becomes zeros: most rows of a grid) and deflated with
 * zlib's run-length strategy, which never consults the hash that makes zlib's output depend on the
 * CPU (Chromium's zlib in Node hashes with CRC32C instructions where it can): same pixels, same bytes.
 * At 600 px: ~1 ms instead of ~13, 6 KB instead of 26 KB.
 */
import { constants, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const FILTER_UP = 2;
const HASH_SIZE = 1024; // a power of two, well above 256 colours
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

let crcTable: Uint32Array | undefined;
/** The filtered rows of the last picture: reused, as a fresh 360 KB buffer per picture cost page faults. */
let scratch = new Uint8Array(0);

function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/** Options of {@link encodeIndexedPng}. */
export interface PngOptions {
  /** Written as the pHYs chunk (pixels per metre), so print software sizes the picture. */
  dpi?: number;
}

/**
 * An opaque RGBA image (resvg's pixels, 4 bytes per pixel, rows top to bottom) as an indexed PNG.
 * Null when the image has more than 256 colours or a pixel that is not opaque: then the caller uses
 * a full-colour encoder.
 */
export function encodeIndexedPng(rgba: Uint8Array, width: number, height: number, options: PngOptions = {}): Uint8Array | null {
  if (!LITTLE_ENDIAN || rgba.length !== width * height * 4) return null;
  const pixels =
    rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) : new Uint32Array(rgba.slice().buffer);
  // Colour -> palette index through a small open-addressing table; runs of one colour skip it.
  const keys = new Uint32Array(HASH_SIZE);
  const slots = new Int16Array(HASH_SIZE).fill(-1);
  const palette: number[] = [];
  const stride = width + 1;
  const filtered = filteredRows(width, height);
  let above = new Uint8Array(width);
  let row = new Uint8Array(width);
  let last = -1;
  let lastIndex = 0;
  for (let y = 0, i = 0; y < height; y++) {
    const base = y * stride;
    filtered[base] = FILTER_UP;
    for (let x = 0; x < width; x++, i++) {
      const color = pixels[i]!;
      if (color !== last) {
        if (color >>> 24 !== 0xff) return null; // alpha is the high byte of a little-endian RGBA word
        let h = Math.imul(color, 0x9e3779b1) >>> 22;
        while (slots[h]! >= 0 && keys[h] !== color) h = (h + 1) & (HASH_SIZE - 1);
        if (slots[h]! < 0) {
          if (palette.length === 256) return null;
          keys[h] = color;
          slots[h] = palette.length;
          palette.push(color);
        }
        last = color;
        lastIndex = slots[h]!;
      }
      row[x] = lastIndex;
      filtered[base + 1 + x] = (lastIndex - above[x]!) & 0xff;
    }
    const done = above;
    above = row;
    row = done;
  }
  return writeIndexedPng(filtered, width, height, palette, options);
}

/** Scratch rows of the given size (filter byte + one index per pixel, per row), reused. */
export function filteredRows(width: number, height: number): Uint8Array {
  if (scratch.length !== (width + 1) * height) scratch = new Uint8Array((width + 1) * height);
  return scratch;
}

/**
 * The PNG file of an indexed image already filtered (each row: its filter byte, then one byte per
 * pixel), with `palette` as RGBA words (the alpha byte is ignored: the image is opaque).
 */
export function writeIndexedPng(filtered: Uint8Array, width: number, height: number, palette: readonly number[], options: PngOptions = {}): Uint8Array {
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header[8] = 8; // bits per palette index
  header[9] = 3; // colour type: indexed
  const plte = new Uint8Array(palette.length * 3);
  palette.forEach((color, k) => {
    plte[k * 3] = color & 0xff;
    plte[k * 3 + 1] = (color >>> 8) & 0xff;
    plte[k * 3 + 2] = (color >>> 16) & 0xff;
  });
  const idat = deflateSync(filtered, { strategy: constants.Z_RLE, level: 9, memLevel: 9 });
  const parts = [PNG_SIGNATURE, chunk('IHDR', header)];
  if (options.dpi !== undefined) {
    const perMetre = Math.round(options.dpi / 0.0254);
    const phys = new Uint8Array(9);
    const physView = new DataView(phys.buffer);
    physView.setUint32(0, perMetre);
    physView.setUint32(4, perMetre);
    phys[8] = 1; // unit: metre
    parts.push(chunk('pHYs', phys));
  }
  parts.push(chunk('PLTE', plte), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0)));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
