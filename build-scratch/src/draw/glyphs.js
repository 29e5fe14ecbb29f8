/**
 * Glyph outlines for the few characters a board uses (digits, `r`, `c`), so a picture can carry its
 * digits as paths: then it looks the same everywhere and a rasteriser needs no font at all (resvg
 * spends most of its time loading font files otherwise). Outlines come from a font file on the Node
 * side (src/render/font-outlines.ts); the drawing only uses them.
 */
/** The characters a board drawing may write. */
export const BOARD_CHARACTERS = '0123456789rc';
