/**
 * Glyph outlines from font files (fontkit, which pdfkit already uses to embed fonts), for pictures
 * whose digits are written as paths (see src/draw/glyphs.ts).
 */
import { openSync } from 'fontkit';
import { BOARD_CHARACTERS } from '../draw/glyphs.js';
import { DEFAULT_SCENE_FONTS } from './board-pdf.js';
/** A font file that cannot be used: not a font, a collection, or missing a digit. */
export class FontFileError extends Error {
    name = 'FontFileError';
    code = 'BAD_FONT';
}
function face(file) {
    let font;
    try {
        font = openSync(file);
    }
    catch (error) {
        throw new FontFileError(`cannot read the font '${file}': ${error.message}`);
    }
    if (!('glyphForCodePoint' in font))
        throw new FontFileError(`'${file}' is a font collection; give one font file (.ttf or .otf)`);
    const glyphs = {};
    for (const ch of BOARD_CHARACTERS) {
        const code = ch.codePointAt(0);
        if (!font.hasGlyphForCodePoint(code))
            throw new FontFileError(`the font '${file}' has no glyph for '${ch}'`);
        const glyph = font.glyphForCodePoint(code);
        glyphs[ch] = { advance: glyph.advanceWidth, d: glyph.path.toSVG() };
    }
    return { family: font.familyName, outlines: { unitsPerEm: font.unitsPerEm, glyphs } };
}
const cache = new Map();
/** The outlines of a regular and a bold font file (read once per process). */
export function loadFontOutlines(fonts = DEFAULT_SCENE_FONTS) {
    const key = `${fonts.regular}\n${fonts.bold}`;
    const cached = cache.get(key);
    if (cached)
        return cached;
    const regular = face(fonts.regular);
    const bold = fonts.bold === fonts.regular ? regular : face(fonts.bold);
    const outlines = { family: regular.family, regular: regular.outlines, bold: bold.outlines };
    cache.set(key, outlines);
    return outlines;
}
