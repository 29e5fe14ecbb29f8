/**
 * A board picture as a file's bytes: SVG, PNG (resvg, digits as outlines so no font is loaded per
 * image) or a one-page PDF (pdfkit with the fonts embedded). Node shell: imports resvg and pdfkit.
 */
import { optionKeys, ownOptions } from '../core/errors.js';
import { Writable } from 'node:stream';
import { boardScene, sceneToSvg, variantBoardScene, type BoardPicture, type DrawOptions, type Scene, type VariantPicture } from '../draw/index.js';
import { defaultSceneFonts, writeScenePdf, type SceneFonts } from './board-pdf.js';
import { loadFontOutlines } from './font-outlines.js';
import { encodeIndexedPng } from './png.js';
import { composeBoardPng } from './board-raster.js';

export type PictureFormat = 'svg' | 'png' | 'pdf';

/** Options of {@link renderPicture}: the drawing's options, plus the file's. */
export interface PictureOptions extends Omit<DrawOptions, 'glyphs' | 'fontFamily'> {
  format: PictureFormat;
  /** Fonts for PNG and PDF (and the family name written into SVG). Default: the bundled DejaVu Sans. */
  fonts?: SceneFonts;
  /** PDF only: page width in points (default: the size in px at 96 per inch). */
  pdfWidth?: number;
  /** PDF only: fixed creation date, so the same picture gives the same bytes. */
  creationDate?: Date;
  /** PNG only: pixels per inch, written into the file (pHYs) for print software. */
  dpi?: number;
  /** A variant picture only: digits above 9 as letters (A-G, default) or numbers (10-16). */
  digits?: 'letters' | 'numbers';
}

/** A fixed date for reproducible PDFs (the same as the books'). */
const PICTURE_DATE = new Date(Date.UTC(2025, 0, 1));

const RESVG = '@resvg/resvg-js';

const PICTURE_KEYS = optionKeys<PictureOptions>({ size: true, step: true, chain: true, shapes: true, theme: true, layers: true, title: true, format: true, fonts: true, pdfWidth: true, creationDate: true, dpi: true, digits: true });

/** The bytes of one picture file: a classic board, or a board under any rules (a `rules` value in the picture). */
export async function renderPicture(picture: BoardPicture | VariantPicture, options: PictureOptions): Promise<Uint8Array> {
  options = ownOptions(options, PICTURE_KEYS, 'picture');
  const fonts = options.fonts ?? defaultSceneFonts();
  const outlines = loadFontOutlines(fonts);
  const { format, fonts: _fonts, pdfWidth, creationDate, dpi, digits, ...draw } = options;
  const fontFamily = `${outlines.family}, DejaVu Sans, Verdana, Arial, sans-serif`;
  const variant = 'rules' in picture;
  const sceneOf = (glyphs?: typeof outlines): Scene => {
    if ('rules' in picture) {
      const { step: _step, chain: _chain, shapes: _shapes, ...plain } = draw;
      return variantBoardScene(picture, { ...plain, fontFamily, ...(glyphs ? { glyphs } : {}), ...(digits ? { digits } : {}) });
    }
    return boardScene(picture, { ...draw, fontFamily, ...(glyphs ? { glyphs } : {}) });
  };
  if (format === 'svg') return new TextEncoder().encode(sceneToSvg(sceneOf()));
  if (format === 'png') {
    const scene = sceneOf(outlines);
    // No font database at all: the digits are paths, so nothing can depend on the machine's fonts.
    // Loaded on first use: a native addon, which a program that never writes a PNG should not need.
    // The name in a variable keeps bundlers (a serverless function bundling sudoku-press/node) from
    // trying to bundle the addon.
    const { Resvg } = (await import(RESVG)) as typeof import('@resvg/resvg-js');
    const png = dpi === undefined ? {} : { dpi };
    // A plain board from cached pieces (board-raster.ts); a step's marks, or anything it cannot
    // compose exactly, rendered whole.
    const composed = !variant && draw.step === undefined && draw.shapes === undefined ? composeBoardPng(Resvg, scene, png) : null;
    if (composed) return composed;
    const image = new Resvg(sceneToSvg(scene), { font: { loadSystemFonts: false } }).render();
    return encodeIndexedPng(image.pixels, image.width, image.height, png) ?? image.asPng();
  }
  const scene = sceneOf();
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await writeScenePdf(scene, sink, { width: pdfWidth ?? (scene.width * 72) / 96, fonts, creationDate: creationDate ?? PICTURE_DATE });
  return Buffer.concat(chunks);
}
