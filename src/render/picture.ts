/**
 * A board picture as a file's bytes: SVG, PNG (resvg, digits as outlines so no font is loaded per
 * image) or a one-page PDF (pdfkit with the fonts embedded). Node shell: imports resvg and pdfkit.
 */
import { optionKeys, ownOptions } from '../core/errors.js';
import { Writable } from 'node:stream';
import { boardScene, sceneToSvg, type BoardPicture, type DrawOptions } from '../draw/index.js';
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
}

/** A fixed date for reproducible PDFs (the same as the books'). */
const PICTURE_DATE = new Date(Date.UTC(2025, 0, 1));

const RESVG = '@resvg/resvg-js';

const PICTURE_KEYS = optionKeys<PictureOptions>({ size: true, step: true, chain: true, shapes: true, theme: true, layers: true, title: true, format: true, fonts: true, pdfWidth: true, creationDate: true, dpi: true });

/** The bytes of one picture file. */
export async function renderPicture(picture: BoardPicture, options: PictureOptions): Promise<Uint8Array> {
  options = ownOptions(options, PICTURE_KEYS, 'picture');
  const fonts = options.fonts ?? defaultSceneFonts();
  const outlines = loadFontOutlines(fonts);
  const { format, fonts: _fonts, pdfWidth, creationDate, dpi, ...draw } = options;
  const fontFamily = `${outlines.family}, DejaVu Sans, Verdana, Arial, sans-serif`;
  if (format === 'svg') return new TextEncoder().encode(sceneToSvg(boardScene(picture, { ...draw, fontFamily })));
  if (format === 'png') {
    const scene = boardScene(picture, { ...draw, fontFamily, glyphs: outlines });
    // No font database at all: the digits are paths, so nothing can depend on the machine's fonts.
    // Loaded on first use: a native addon, which a program that never writes a PNG should not need.
    // The name in a variable keeps bundlers (a serverless function bundling sudoku-press/node) from
    // trying to bundle the addon.
    const { Resvg } = (await import(RESVG)) as typeof import('@resvg/resvg-js');
    const png = dpi === undefined ? {} : { dpi };
    // A plain board from cached pieces (board-raster.ts); a step's marks, or anything it cannot
    // compose exactly, rendered whole.
    const composed = draw.step === undefined && draw.shapes === undefined ? composeBoardPng(Resvg, scene, png) : null;
    if (composed) return composed;
    const image = new Resvg(sceneToSvg(scene), { font: { loadSystemFonts: false } }).render();
    return encodeIndexedPng(image.pixels, image.width, image.height, png) ?? image.asPng();
  }
  const scene = boardScene(picture, { ...draw, fontFamily });
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
