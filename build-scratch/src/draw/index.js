/**
 * The one drawing of a board: board (+ step) + options in, SVG text out. Portable: no DOM, no
 * Node built-ins. `boardScene` gives the same picture as a list of primitives for other back ends
 * (the PDF writer paints it with pdfkit).
 */
export { DrawError, DEFAULT_LAYERS, DEFAULT_SIZE, DEFAULT_FONT_FAMILY, boardScene, drawBoard, } from './board.js';
export { stepShapes } from './shapes.js';
export { COLOR_THEME, GREY_THEME, THEMES } from './theme.js';
export { sceneToSvg, escapeXml } from './svg.js';
export { BOARD_CHARACTERS } from './glyphs.js';
