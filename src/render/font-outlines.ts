/**
 * Glyph outlines from font files (fontkit, which pdfkit already uses to embed fonts), for pictures
 * whose digits are written as paths (see src/draw/glyphs.ts).
 */
import { openSync } from 'fontkit';
import { BOARD_CHARACTERS, type FaceOutlines, type FontOutlines } from '../draw/glyphs.js';
import { defaultSceneFonts, type SceneFonts } from './board-pdf.js';

/** A font file that cannot be used: not a font, a collection, or missing a digit. */
export class FontFileError extends Error {
  override readonly name = 'FontFileError';
  readonly code = 'BAD_FONT';
}

function face(file: string): { family: string; outlines: FaceOutlines } {
  let font: ReturnType<typeof openSync>;
  try {
    font = openSync(file);
  } catch (error) {
    throw new FontFileError(`cannot read the font '${file}': ${(error as Error).message}`);
  }
  if (!('glyphForCodePoint' in font)) throw new FontFileError(`'${file}' is a font collection; give one font file (.ttf or .otf)`);
  const glyphs: Record<string, { advance: number; d: string }> = {};
  for (const ch of BOARD_CHARACTERS) {
    const code = ch.codePointAt(0)!;
    if (!font.hasGlyphForCodePoint(code)) throw new FontFileError(`the font '${file}' has no glyph for '${ch}'`);
    const glyph = font.glyphForCodePoint(code);
    glyphs[ch] = { advance: glyph.advanceWidth, d: glyph.path.toSVG() };
  }
  return { family: font.familyName, outlines: { unitsPerEm: font.unitsPerEm, glyphs } };
}

const cache = new Map<string, FontOutlines>();

/** The outlines of a regular and a bold font file (read once per process). */
export function loadFontOutlines(fonts: SceneFonts = defaultSceneFonts()): FontOutlines {
  const key = `${fonts.regular}\n${fonts.bold}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const regular = face(fonts.regular);
  const bold = fonts.bold === fonts.regular ? regular : face(fonts.bold);
  const outlines: FontOutlines = { family: regular.family, regular: regular.outlines, bold: bold.outlines };
  cache.set(key, outlines);
  return outlines;
}
