/**
 * The one drawing of a board: board (+ step) + options in, SVG text out. Portable: no DOM, no
 * Node built-ins. `boardScene` gives the same picture as a list of primitives for other back ends
 * (the PDF writer paints it with pdfkit).
 */
export {
  type BoardPicture,
  type Layers,
  type DrawOptions,
  DrawError,
  DEFAULT_LAYERS,
  DEFAULT_SIZE,
  DEFAULT_FONT_FAMILY,
  boardScene,
  drawBoard,
} from './board.js';
export { type Shape, type CandidateRef, type StepShapeOptions, stepShapes } from './shapes.js';
export { type Brush, type BrushName, type Theme, COLOR_THEME, GREY_THEME, THEMES } from './theme.js';
export type { Scene, Primitive, Paint, Meta, PathCommand, RectPrimitive, LinePrimitive, CirclePrimitive, TextPrimitive, PathPrimitive } from './scene.js';
export { sceneToSvg, escapeXml } from './svg.js';
export { type GlyphOutline, type FaceOutlines, type FontOutlines, BOARD_CHARACTERS } from './glyphs.js';
export { type VariantPicture, type VariantDrawOptions, drawVariantBoard, variantBoardScene, digitLabel } from './variant.js';
export { type VariantStepPicture, type VariantStepOptions, drawVariantStep, variantStepScene } from './variant-step.js';
