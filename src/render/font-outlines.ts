/**
 * Glyph outlines from font files (fontkit, which pdfkit already uses to embed fonts), for pictures
 * whose digits are written as paths (see src/draw/glyphs.ts).
 */
import { openSync } from 'fontkit';
import { OptionError, optionKeys, ownOptions } from '../core/errors.js';
import { whyNotAFile } from '../node/file-errors.js';
import { BOARD_CHARACTERS, type FaceOutlines, type FontOutlines } from '../draw/glyphs.js';
import { defaultSceneFonts, type SceneFonts } from './board-pdf.js';

/** A font file that cannot be used: not a font, a collection, or missing a digit. */
export class FontFileError extends Error {
  override readonly name = 'FontFileError';
  readonly code = 'BAD_FONT';
}

function face(file: string): { family: string; outlines: FaceOutlines } {
  const why = whyNotAFile(file, 'font');
  if (why !== null) throw new FontFileError(`cannot read the font '${file}': ${why}`);
  let font: ReturnType<typeof openSync>;
  try {
    font = openSync(file);
  } catch (error) {
    const reason = (error as Error).message;
    throw new FontFileError(`cannot read the font '${file}': ${/unknown font format/i.test(reason) ? 'not a font file (a .ttf or .otf)' : reason}`);
  }
  if (!('glyphForCodePoint' in font)) throw new FontFileError(`'${file}' is a font collection; give one font file (.ttf or .otf)`);
  try {
    const glyphs: Record<string, { advance: number; d: string }> = {};
    for (const ch of BOARD_CHARACTERS) {
      const code = ch.codePointAt(0)!;
      if (!font.hasGlyphForCodePoint(code)) throw new FontFileError(`the font '${file}' has no glyph for '${ch}'`);
      const glyph = font.glyphForCodePoint(code);
      glyphs[ch] = { advance: glyph.advanceWidth, d: glyph.path.toSVG() };
    }
    return { family: font.familyName, outlines: { unitsPerEm: font.unitsPerEm, glyphs } };
  } catch (error) {
    // fontkit reads its tables lazily: a truncated or damaged file fails here, with a TypeError or
    // a RangeError from deep inside. That is a bad input file, not a bug of ours.
    if (error instanceof FontFileError) throw error;
    throw new FontFileError(`cannot read the font '${file}': the file is damaged or cut short (${(error as Error).message})`);
  }
}

const cache = new Map<string, FontOutlines>();
const FONTS_KEYS = optionKeys<SceneFonts>({ regular: true, bold: true });

/** The outlines of a regular and a bold font file (read once per process). */
export function loadFontOutlines(fonts: SceneFonts = defaultSceneFonts()): FontOutlines {
  fonts = ownOptions(fonts, FONTS_KEYS, 'fonts');
  if (typeof fonts.regular !== 'string' || typeof fonts.bold !== 'string') throw new OptionError('BAD_OPTION', 'fonts must name a regular and a bold font file: { regular, bold }');
  const key = `${fonts.regular}\n${fonts.bold}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const regular = face(fonts.regular);
  const bold = fonts.bold === fonts.regular ? regular : face(fonts.bold);
  const outlines: FontOutlines = { family: regular.family, regular: regular.outlines, bold: bold.outlines };
  cache.set(key, outlines);
  return outlines;
}
