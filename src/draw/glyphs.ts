/**
 * Glyph outlines for the few characters a board uses (digits, `r`, `c`), so a picture can carry its
 * digits as paths: then it looks the same everywhere and a rasteriser needs no font at all (resvg
 * spends most of its time loading font files otherwise). Outlines come from a font file on the Node
 * side (src/render/font-outlines.ts); the drawing only uses them.
 */

/** One glyph: its advance width and its outline as SVG path data, in font units, y up. */
export interface GlyphOutline {
  advance: number;
  d: string;
}

/** The outlines of one face. */
export interface FaceOutlines {
  unitsPerEm: number;
  glyphs: Readonly<Record<string, GlyphOutline>>;
}

/** A regular and a bold face (givens are bold). */
export interface FontOutlines {
  /** The font's family name, for the record (e.g. `DejaVu Sans`). */
  family: string;
  regular: FaceOutlines;
  bold: FaceOutlines;
}

/** The characters a board drawing may write. */
export const BOARD_CHARACTERS = '0123456789rcABCDEFG';
