import { optionKeys, ownCopy, ownOptions, shownValue } from '../core/errors.js';
import { toGrid, type GridInput } from '../core/grid-input.js';
import type { Step } from '../core/step.js';
import type { FaceOutlines, FontOutlines } from './glyphs.js';
import { sceneToSvg } from './svg.js';
import type { PathCommand, Primitive, Scene } from './scene.js';
import { RouteField, routeArrow, trimRoute } from './route.js';
import { stepShapes, type CandidateRef, type Shape, type StepShapeOptions } from './shapes.js';
import { COLOR_THEME, THEMES, type Brush, type Theme } from './theme.js';

/**
 * What is on the board. A core `Board` spreads into it: `{ givens, ...board }`. Grids are any
 * {@link GridInput} (81-character string, array, Uint8Array).
 */
export interface BoardPicture {
  /** The puzzle's givens (drawn bold). */
  givens: GridInput;
  /** Every digit on the board, givens included (e.g. a solving state, or the solution). Default: the givens. */
  values?: GridInput;
  /** Pencil marks: a 9-bit mask per cell (bit d-1 for digit d). Default: none drawn. */
  candidates?: ArrayLike<number>;
}

/** Which parts of the picture to draw. */
export interface Layers {
  /** Pencil marks (when the picture has them). Default true. */
  candidates: boolean;
  /** The step's pattern: cells, units, digits. Default true. */
  pattern: boolean;
  /** The step's placements. Default true. */
  placements: boolean;
  /** The step's eliminations, struck through. Default true. */
  eliminations: boolean;
  /** Chain links as arrows, chain nodes as on/off discs. Default true. */
  chains: boolean;
  /** Nested proofs of forcing chains as lighter arrows. Default false. */
  proofs: boolean;
  /** Row and column numbers around the board (r1..r9, c1..c9). Default false. */
  coordinates: boolean;
}

/** Options of {@link drawBoard}. */
export interface DrawOptions {
  /** Width and height of the picture in px (user units). Default 360. */
  size?: number;
  /** A step to show on the board (the board as it is before the step). */
  step?: Readonly<Step>;
  /**
   * Draw only this chain of the step (0-based), in its colour; default every chain, each in its
   * own colour (see {@link StepShapeOptions.chain}).
   */
  chain?: number;
  /** More marks, painted over the step's. */
  shapes?: readonly Shape[];
  /** `color` (default), `grey` for print, or a theme of your own. */
  theme?: 'color' | 'grey' | Theme;
  /** Which layers to draw; unnamed layers keep their defaults. */
  layers?: Partial<Layers>;
  /** CSS font-family list for the digits. Default `DejaVu Sans, Verdana, Arial, sans-serif`. */
  fontFamily?: string;
  /** An accessible title for the picture. */
  title?: string;
  /**
   * Write digits as these glyph outlines instead of text (the picture then needs no font to
   * render; see src/render/font-outlines.ts for outlines from a font file).
   */
  glyphs?: FontOutlines;
}

export const DEFAULT_LAYERS: Readonly<Layers> = {
  candidates: true,
  pattern: true,
  placements: true,
  eliminations: true,
  chains: true,
  proofs: false,
  coordinates: false,
};

export const DEFAULT_SIZE = 360;
export const DEFAULT_FONT_FAMILY = 'DejaVu Sans, Verdana, Arial, sans-serif';

/** A bad picture or option: the drawing documents what it accepts and says what was wrong. */
export class DrawError extends Error {
  override readonly name = 'DrawError';
  readonly code = 'BAD_DRAW_INPUT';
}

/** Height of a digit in DejaVu Sans (and most sans fonts), as a fraction of the font size. */
const DIGIT_HEIGHT = 0.729;

/** Where things go on a board of a given size. */
interface Geometry {
  cell: number;
  left: number;
  top: number;
}

function geometry(size: number, coordinates: boolean): Geometry {
  // The frame's half-width stays inside the picture; coordinates take half a cell on two sides.
  const pad = size * 0.012;
  if (coordinates) {
    const cell = (size - 2 * pad) / 9.5;
    return { cell, left: pad + cell / 2, top: pad + cell / 2 };
  }
  return { cell: (size - 2 * pad) / 9, left: pad, top: pad };
}

const DRAW_OPTION_KEYS = optionKeys<DrawOptions>({ size: true, step: true, chain: true, shapes: true, theme: true, layers: true, fontFamily: true, title: true, glyphs: true });

/**
 * What a board under other rules paints instead of the classic grid (see variant-step.ts): its
 * own layers, and the cells of its houses for the step's unit marks.
 */
export interface BoardLayout {
  /** Over the background, under the step's fills (region and extra-house tints). */
  under: readonly Primitive[];
  /** Over the step's fills, instead of the classic grid lines (lines, region borders, diagonals, cages). */
  over: readonly Primitive[];
  /** The cells of each house (rows 0-8, columns 9-17, regions 18-26, extra houses 27..). */
  houses: readonly ArrayLike<number>[];
  /** Houses 18-26 are 3x3 boxes (drawn as rectangles). */
  boxes: boolean;
  /** Cells with a label in their top-left corner (a cage's sum): their pencil marks sit lower. */
  labelled?: ReadonlySet<number>;
  /**
   * Where pencil marks go, as fractions of a cell (default: the classic board's): their inset from
   * the cell's edges, their size, and the top of a labelled cell's marks. A caged board sets them
   * inside the cages' dashed lines and below the sums' knock-outs.
   */
  marks?: { inset: number; size: number; labelledTop: number };
}

/** The scene of a board: the drawing model both back ends paint (see {@link drawBoard}). */
export function boardScene(picture: BoardPicture, options: DrawOptions = {}): Scene {
  return boardSceneOn(picture, options);
}

function isFace(face: unknown): boolean {
  return typeof face === 'object' && face !== null && typeof (face as FaceOutlines).unitsPerEm === 'number' && typeof (face as FaceOutlines).glyphs === 'object' && (face as FaceOutlines).glyphs !== null;
}

/**
 * The options both drawings share, checked (a DrawError naming a wrong one): the size and theme it
 * returns, and a font family and title that are text, glyphs with both faces (variant.ts draws
 * with the same).
 */
export function sizeAndTheme(options: { size?: unknown; theme?: unknown; fontFamily?: unknown; title?: unknown; glyphs?: unknown }): { size: number; theme: Theme } {
  for (const key of ['fontFamily', 'title'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'string') throw new DrawError(`${key} must be a string, not ${shownValue(options[key])}`);
  }
  const glyphs = options.glyphs as FontOutlines | undefined;
  if (glyphs !== undefined && (typeof glyphs !== 'object' || glyphs === null || !isFace(glyphs.regular) || !isFace(glyphs.bold))) {
    throw new DrawError(`glyphs must be font outlines { family, regular, bold } (loadFontOutlines), not ${shownValue(glyphs)}`);
  }
  const size = options.size ?? DEFAULT_SIZE;
  if (typeof size !== 'number' || !(size > 0 && Number.isFinite(size))) throw new DrawError(`size must be a positive number, not ${shownValue(size)}`);
  const name = options.theme ?? 'color';
  const theme = typeof name === 'object' && name !== null ? (name as Theme) : typeof name === 'string' && Object.hasOwn(THEMES, name) ? THEMES[name] : undefined;
  if (!theme) throw new DrawError(`unknown theme ${typeof name === 'string' ? `'${name}'` : shownValue(name)} (color or grey)`);
  return { size, theme };
}

/** {@link boardScene} on a layout of other rules (classic when absent). */
export function boardSceneOn(picture: BoardPicture, options: DrawOptions = {}, layout?: BoardLayout): Scene {
  options = ownOptions(options, DRAW_OPTION_KEYS, 'draw');
  // A grid passed for the picture (a string's every character would be copied as a key).
  if (typeof picture !== 'object' || picture === null) throw new DrawError(`expected a picture { givens, values?, candidates? } (got ${picture === null ? 'null' : typeof picture})`);
  picture = ownCopy(picture);
  const { size, theme } = sizeAndTheme(options);
  const layers: Layers = { ...DEFAULT_LAYERS, ...options.layers };
  const givens = toGrid(picture.givens);
  const values = picture.values === undefined ? givens : toGrid(picture.values);
  let candidates: Uint16Array | undefined;
  if (picture.candidates !== undefined) {
    if (picture.candidates.length !== 81) throw new DrawError(`candidates must have 81 masks, not ${picture.candidates.length}`);
    candidates = Uint16Array.from(picture.candidates as ArrayLike<number>);
  }
  const g = geometry(size, layers.coordinates);
  const shapes: Shape[] = [];
  if (options.step !== undefined && (typeof options.step !== 'object' || options.step === null || typeof options.step.pattern !== 'object' || options.step.pattern === null)) {
    throw new DrawError(`step must be a step as the grader makes it ({ technique, placements, eliminations, pattern }), not ${shownValue(options.step)}`);
  }
  if (options.shapes !== undefined && !Array.isArray(options.shapes)) throw new DrawError(`shapes must be an array, not ${shownValue(options.shapes)}`);
  if (options.step) {
    shapes.push(
      ...stepShapes(options.step, {
        pattern: layers.pattern,
        placements: layers.placements,
        eliminations: layers.eliminations,
        chains: layers.chains,
        proofs: layers.proofs,
        ...(options.chain === undefined ? {} : { chain: options.chain }),
        ...(candidates && layers.candidates ? { candidates } : {}),
      }),
    );
  }
  if (options.shapes) shapes.push(...options.shapes);
  const scene: Scene = {
    width: size,
    height: size,
    fontFamily: options.fontFamily ?? DEFAULT_FONT_FAMILY,
    primitives: paint(size, g, theme, layers, givens, values, layers.candidates ? candidates : undefined, shapes, layout),
  };
  if (options.title !== undefined) scene.title = options.title;
  if (options.glyphs !== undefined) scene.glyphs = options.glyphs;
  return scene;
}

/**
 * A Sudoku board as SVG text: givens, placed digits, pencil marks in a 3x3 layout per cell, and
 * optionally a step (its pattern highlighted, placements marked, eliminations struck through and
 * coloured, chain links as arrows: strong solid, weak dashed). Pure: no DOM, no I/O; the same
 * input gives the same bytes. Pass the board as it is before the step.
 *
 * @example drawBoard({ givens: puzzle, ...board }, { step, size: 480, theme: 'grey' })
 * @throws PuzzleFormatError for a grid that is not one (see `toGrid`); DrawError for an unknown
 *   theme, a bad size or candidates that are not 81 masks.
 */
export function drawBoard(picture: BoardPicture, options: DrawOptions = {}): string {
  return sceneToSvg(boardScene(picture, options));
}

function brushOf(theme: Theme, shape: Shape): Brush {
  return theme.brushes[shape.brush];
}

function paint(
  size: number,
  g: Geometry,
  theme: Theme,
  layers: Layers,
  givens: Uint8Array,
  values: Uint8Array,
  candidates: Uint16Array | undefined,
  shapes: readonly Shape[],
  layout?: BoardLayout,
): Primitive[] {
  const { cell: c, left, top } = g;
  const out: Primitive[] = [];
  const cellX = (cell: number) => left + (cell % 9) * c;
  const cellY = (cell: number) => top + Math.floor(cell / 9) * c;
  // Pencil marks sit in a 3x3 layout inset from the cell's edges, so that the marks of one cell
  // read as a group and not as pairs with the marks across a line.
  const inset = c * (layout?.marks?.inset ?? CANDIDATE_INSET);
  const step3 = (c - 2 * inset) / 3;
  const candX = (ref: CandidateRef) => cellX(ref.cell) + inset + (((ref.digit - 1) % 3) + 0.5) * step3;
  // Under a corner label, the three rows share what the label leaves.
  const labelled = layout?.labelled;
  const lowTop = c * (layout?.marks?.labelledTop ?? LABELLED_TOP);
  const lowStep = (c - lowTop - inset) / 3;
  const candY = (ref: CandidateRef) =>
    labelled?.has(ref.cell) ? cellY(ref.cell) + lowTop + (Math.floor((ref.digit - 1) / 3) + 0.5) * lowStep : cellY(ref.cell) + inset + (Math.floor((ref.digit - 1) / 3) + 0.5) * step3;
  const candSize = c * (layout?.marks?.size ?? 0.25);
  const discR = candSize / 2;
  const bigSize = c * 0.64;

  out.push({ type: 'rect', x: 0, y: 0, width: size, height: size, fill: theme.background });
  if (layout) out.push(...layout.under);
  // A unit that is no rectangle (a jigsaw region, a diagonal, a window...): its cells.
  const unitCells = (unit: number): ArrayLike<number> | null => (layout && (unit >= 27 || (unit >= 18 && !layout.boxes)) ? layout.houses[unit] ?? [] : null);
  const unitRect = (unit: number) => {
    if (unit < 9) return { x: left, y: top + unit * c, w: 9 * c, h: c };
    if (unit < 18) return { x: left + (unit - 9) * c, y: top, w: c, h: 9 * c };
    const box = unit - 18;
    return { x: left + (box % 3) * 3 * c, y: top + Math.floor(box / 3) * 3 * c, w: 3 * c, h: 3 * c };
  };
  // Fills: units under cells.
  for (const s of shapes) {
    if (s.kind !== 'unit') continue;
    const b = brushOf(theme, s);
    if (!b.fill) continue;
    const cells = unitCells(s.unit);
    if (cells) {
      for (let k = 0; k < cells.length; k++) out.push({ type: 'rect', x: cellX(cells[k]!), y: cellY(cells[k]!), width: c, height: c, fill: b.fill, meta: { cls: 'mark-unit', data: { unit: s.unit, brush: s.brush } } });
      continue;
    }
    const r = unitRect(s.unit);
    out.push({ type: 'rect', x: r.x, y: r.y, width: r.w, height: r.h, fill: b.fill, meta: { cls: 'mark-unit', data: { unit: s.unit, brush: s.brush } } });
  }
  for (const s of shapes) {
    if (s.kind !== 'cell') continue;
    const b = brushOf(theme, s);
    if (b.fill) out.push({ type: 'rect', x: cellX(s.cell), y: cellY(s.cell), width: c, height: c, fill: b.fill, meta: { cls: 'mark-cell', data: { cell: s.cell, brush: s.brush } } });
  }
  // Grid: thin lines, then box lines and the frame (or the layout's own lines).
  const thin = Math.max(0.5, c * 0.02);
  const thick = Math.max(1.5, c * 0.06);
  if (layout) out.push(...layout.over);
  for (let i = 1; i < 9 && !layout; i++) {
    if (i % 3 === 0) continue;
    out.push({ type: 'line', x1: left + i * c, y1: top, x2: left + i * c, y2: top + 9 * c, stroke: theme.thin, strokeWidth: thin });
    out.push({ type: 'line', x1: left, y1: top + i * c, x2: left + 9 * c, y2: top + i * c, stroke: theme.thin, strokeWidth: thin });
  }
  for (const i of layout ? [] : [3, 6]) {
    out.push({ type: 'line', x1: left + i * c, y1: top, x2: left + i * c, y2: top + 9 * c, stroke: theme.thick, strokeWidth: thick });
    out.push({ type: 'line', x1: left, y1: top + i * c, x2: left + 9 * c, y2: top + i * c, stroke: theme.thick, strokeWidth: thick });
  }
  if (!layout) out.push({ type: 'rect', x: left, y: top, width: 9 * c, height: 9 * c, stroke: theme.thick, strokeWidth: thick });
  // Unit outlines, inset so that neighbouring units stay apart.
  for (const s of shapes) {
    if (s.kind !== 'unit') continue;
    const b = brushOf(theme, s);
    if (!b.stroke) continue;
    const w = (b.width ?? 0.04) * c;
    const unitInset = w / 2 + c * 0.04;
    const cells = unitCells(s.unit);
    if (cells) {
      const outline: Primitive = { type: 'path', commands: cellsOutline(cells, unitInset, c, cellX, cellY), stroke: b.stroke, strokeWidth: w, meta: { cls: 'mark-unit-outline', data: { unit: s.unit, brush: s.brush } } };
      if (b.dash && b.dash.length > 0) outline.dash = b.dash.map((d) => d * c);
      out.push(outline);
      continue;
    }
    const r = unitRect(s.unit);
    const outline: Primitive = { type: 'rect', x: r.x + unitInset, y: r.y + unitInset, width: r.w - 2 * unitInset, height: r.h - 2 * unitInset, stroke: b.stroke, strokeWidth: w, meta: { cls: 'mark-unit-outline', data: { unit: s.unit, brush: s.brush } } };
    if (b.dash && b.dash.length > 0) outline.dash = b.dash.map((d) => d * c);
    out.push(outline);
  }
  // Big digits: givens, placed digits, and digit marks. Their boxes are what arrows bend around.
  const digitMarks = new Map<number, Shape & CandidateRef>();
  const candidateMarks = new Map<number, Shape & CandidateRef>();
  for (const s of shapes) {
    if (s.kind === 'digit') digitMarks.set(s.cell, s);
    else if (s.kind === 'candidate' || s.kind === 'strike') candidateMarks.set(s.cell * 9 + s.digit - 1, s);
  }
  const obstacles: Obstacle[] = [];
  const digitHalfW = bigSize * 0.36;
  const digitHalfH = (bigSize * DIGIT_HEIGHT) / 2 + c * 0.03;
  for (let cell = 0; cell < 81; cell++) {
    const x = cellX(cell) + c / 2;
    const baseline = cellY(cell) + c / 2 + (bigSize * DIGIT_HEIGHT) / 2;
    const mark = digitMarks.get(cell);
    const value = values[cell]!;
    if (mark || value !== 0) obstacles.push({ x0: x - digitHalfW, y0: cellY(cell) + c / 2 - digitHalfH, x1: x + digitHalfW, y1: cellY(cell) + c / 2 + digitHalfH, weight: OBSTACLE_DIGIT });
    if (mark) {
      const b = brushOf(theme, mark);
      // A placed answer: the brush's colour and weight (regular, not as bold as a given), ringed.
      if (b.stroke && b.bold === false) out.push({ type: 'circle', cx: x, cy: cellY(cell) + c / 2, r: c * 0.4, stroke: b.stroke, strokeWidth: (b.width ?? 0.035) * c, meta: { cls: 'mark-digit-ring', data: { cell } } });
      out.push({ type: 'text', x, y: baseline, text: String(mark.digit), size: bigSize, bold: b.bold ?? true, fill: b.text ?? theme.filled, meta: { cls: 'mark-digit', data: { cell, digit: mark.digit, brush: mark.brush } } });
      continue;
    }
    if (value === 0) continue;
    const given = givens[cell] === value;
    out.push({ type: 'text', x, y: baseline, text: String(value), size: bigSize, bold: given, fill: given ? theme.given : theme.filled, meta: { cls: given ? 'given' : 'filled', data: { cell } } });
  }
  // Pencil marks: discs first, then the digits; eliminations wait until after the arrows.
  const candidateBox = (ref: CandidateRef, weight: number): Obstacle => ({
    x0: candX(ref) - discR,
    y0: candY(ref) - discR,
    x1: candX(ref) + discR,
    y1: candY(ref) + discR,
    weight,
  });
  const discOf = (s: Shape & CandidateRef): Primitive | null => {
    const b = brushOf(theme, s);
    if (!b.fill && !(s.kind === 'candidate' && b.stroke)) return null;
    const disc: Primitive = { type: 'circle', cx: candX(s), cy: candY(s), r: discR, meta: { cls: s.kind === 'strike' ? 'mark-strike-disc' : 'mark-candidate', data: { cell: s.cell, digit: s.digit, brush: s.brush } } };
    if (b.fill) disc.fill = b.fill;
    if (s.kind === 'candidate' && b.stroke) {
      disc.stroke = b.stroke;
      disc.strokeWidth = (b.width ?? 0.02) * c;
    }
    // An elimination's disc is ringed in its colour too: the strongest mark on the board.
    if (s.kind === 'strike' && b.stroke) {
      disc.stroke = b.stroke;
      disc.strokeWidth = (b.width ?? 0.05) * c * 0.5;
    }
    return disc;
  };
  const candidateText = (ref: CandidateRef, s: (Shape & CandidateRef) | undefined): Primitive => {
    const b = s ? brushOf(theme, s) : undefined;
    const text: Primitive = { type: 'text', x: candX(ref), y: candY(ref) + (candSize * DIGIT_HEIGHT) / 2, text: String(ref.digit), size: candSize, bold: s !== undefined, fill: b?.text ?? theme.candidate };
    if (s?.kind === 'strike') text.meta = { cls: 'mark-eliminated', data: { cell: ref.cell, digit: ref.digit } };
    // On a variant board a plain mark is named (for pages and tests); a classic board's bytes stay
    // as they were (a golden drawing, the packed explain pages).
    else if (layout && !s) text.meta = { cls: 'candidate', data: { cell: ref.cell, digit: ref.digit } };
    return text;
  };
  const struck: (Shape & CandidateRef)[] = [];
  for (const s of candidateMarks.values()) {
    if (s.kind === 'strike') {
      if (values[s.cell] === 0) struck.push(s);
      continue;
    }
    const disc = discOf(s);
    if (disc) out.push(disc);
  }
  for (let cell = 0; cell < 81; cell++) {
    if (values[cell] !== 0 || digitMarks.has(cell)) continue;
    for (let digit = 1; digit <= 9; digit++) {
      const key = cell * 9 + digit - 1;
      const s = candidateMarks.get(key);
      const present = candidates !== undefined && (candidates[cell]! & (1 << (digit - 1))) !== 0;
      if (!s && !present) continue;
      const ref = { cell, digit };
      if (s?.kind === 'strike') {
        // The glyph's box from ascent to descent (taller than its disc).
        obstacles.push({ x0: candX(ref) - discR, y0: candY(ref) - c * 0.17, x1: candX(ref) + discR, y1: candY(ref) + c * 0.17, weight: OBSTACLE_ELIMINATION });
        continue;
      }
      if (s) obstacles.push(candidateBox(ref, OBSTACLE_MARK));
      // A plain pencil mark: its glyph, lightly (an arrow through it makes it hard to read).
      else obstacles.push({ x0: candX(ref) - c * 0.06, y0: candY(ref) - c * 0.08, x1: candX(ref) + c * 0.06, y1: candY(ref) + c * 0.08, weight: OBSTACLE_PENCIL });
      out.push(candidateText(ref, s));
    }
  }
  // Arrows, routed around digits and clear of the eliminations, ending at the edge of the
  // candidates they join.
  const field = new RouteField(
    obstacles.map((o) => ({ x0: (o.x0 - left) / c, y0: (o.y0 - top) / c, x1: (o.x1 - left) / c, y1: (o.y1 - top) / c, weight: o.weight })),
    ARROW_MARGIN,
  );
  for (const s of shapes) {
    if (s.kind !== 'arrow') continue;
    const brush = brushOf(theme, s);
    const colour = s.chain === undefined ? brush.stroke : theme.chains[s.chain % theme.chains.length] ?? brush.stroke;
    // An end on a big digit (a given a link starts from) starts outside the digit.
    // An end on an eliminated candidate stops further out: clear of its glyph's whole box (ascent
    // to descent), not only of its disc.
    const gapAt = (ref: CandidateRef) => {
      if (values[ref.cell] !== 0 || digitMarks.has(ref.cell)) return c * 0.36;
      return candidateMarks.get(ref.cell * 9 + ref.digit - 1)?.kind === 'strike' ? c * 0.23 : c * 0.19;
    };
    const gaps: [number, number] = [gapAt(s.from), gapAt(s.to)];
    out.push(...arrowPrimitives(s, { ...brush, ...(colour === undefined ? {} : { stroke: colour }) }, c, [candX(s.from), candY(s.from)], [candX(s.to), candY(s.to)], gaps, field, left, top));
  }
  // Eliminations last, the strongest mark: the candidate on its disc, then a cross over it, above
  // every arrow (which are routed clear of it anyway).
  for (const s of struck) {
    const b = brushOf(theme, s);
    const disc = discOf(s);
    if (disc) out.push(disc);
    out.push(candidateText(s, s));
    const h = c * 0.15;
    const x = candX(s);
    const y = candY(s);
    const width = (b.width ?? 0.05) * c;
    const meta = { cls: 'mark-strike', data: { cell: s.cell, digit: s.digit } };
    for (const dx of [1, -1]) {
      const line: Primitive = { type: 'line', x1: x - h * dx, y1: y + h, x2: x + h * dx, y2: y - h, stroke: b.stroke ?? theme.given, strokeWidth: width };
      // One labelled line per strike (the one drawn from bottom-left to top-right).
      if (dx === 1) line.meta = meta;
      out.push(line);
    }
  }
  if (layers.coordinates) {
    const labelSize = c * 0.3;
    for (let i = 0; i < 9; i++) {
      out.push({ type: 'text', x: left + (i + 0.5) * c, y: top - c * 0.15, text: `c${i + 1}`, size: labelSize, bold: false, fill: theme.coordinates });
      out.push({ type: 'text', x: left - c * 0.27, y: top + (i + 0.5) * c + (labelSize * DIGIT_HEIGHT) / 2, text: `r${i + 1}`, size: labelSize, bold: false, fill: theme.coordinates });
    }
  }
  return out;
}

/**
 * The outline of a set of cells, inset into them: a segment along each cell side that borders no
 * cell of the set, its ends meeting the next segment of the outline.
 */
function cellsOutline(cells: ArrayLike<number>, inset: number, c: number, cellX: (cell: number) => number, cellY: (cell: number) => number): PathCommand[] {
  const set = new Set<number>();
  for (let k = 0; k < cells.length; k++) set.add(cells[k]!);
  const has = (row: number, col: number) => row >= 0 && row < 9 && col >= 0 && col < 9 && set.has(row * 9 + col);
  const out: PathCommand[] = [];
  const segment = (x1: number, y1: number, x2: number, y2: number) => out.push({ op: 'M', x: x1, y: y1 }, { op: 'L', x: x2, y: y2 });
  for (const cell of set) {
    const row = Math.floor(cell / 9);
    const col = cell % 9;
    const x0 = cellX(cell);
    const y0 = cellY(cell);
    const x1 = x0 + c;
    const y1 = y0 + c;
    // An end meets the next cell's side (the set goes on along it), turns inside this cell (a
    // convex corner), or turns past its edge (a concave corner: the diagonal cell is in the set).
    const end = (along: boolean, diagonal: boolean, edge: number, sign: number) => (!along ? edge + sign * inset : diagonal ? edge - sign * inset : edge);
    if (!has(row - 1, col)) segment(end(has(row, col - 1), has(row - 1, col - 1), x0, 1), y0 + inset, end(has(row, col + 1), has(row - 1, col + 1), x1, -1), y0 + inset);
    if (!has(row + 1, col)) segment(end(has(row, col - 1), has(row + 1, col - 1), x0, 1), y1 - inset, end(has(row, col + 1), has(row + 1, col + 1), x1, -1), y1 - inset);
    if (!has(row, col - 1)) segment(x0 + inset, end(has(row - 1, col), has(row - 1, col - 1), y0, 1), x0 + inset, end(has(row + 1, col), has(row + 1, col - 1), y1, -1));
    if (!has(row, col + 1)) segment(x1 - inset, end(has(row - 1, col), has(row - 1, col + 1), y0, 1), x1 - inset, end(has(row + 1, col), has(row + 1, col + 1), y1, -1));
  }
  return out;
}

/** A box an arrow should keep out of, and how much crossing it costs. */
interface Obstacle {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  weight: number;
}

/** Pencil marks sit this fraction of a cell in from its edges. */
export const CANDIDATE_INSET = 0.055;
/** Pencil marks of a cell with a corner label start this far (cells) down. */
const LABELLED_TOP = 0.27;
/** Arrows keep this far (cells) from the boxes they go around. */
const ARROW_MARGIN = 0.04;
/** Costs per cell of arrow inside a box: an elimination must never be covered. */
const OBSTACLE_ELIMINATION = 5000;
const OBSTACLE_DIGIT = 100;
const OBSTACLE_MARK = 8;
const OBSTACLE_PENCIL = 4;

/**
 * An arrow between two candidate centres: a path routed clear of digits, eliminations, the frame
 * and the grid lines (see route.ts), shortened to the candidates' edges, and a triangular head
 * along the path's end.
 */
function arrowPrimitives(
  shape: Shape & { kind: 'arrow' },
  brush: Brush,
  c: number,
  from: [number, number],
  to: [number, number],
  gaps: [number, number],
  field: RouteField,
  left: number,
  top: number,
): Primitive[] {
  const [x1, y1] = from;
  const [x2, y2] = to;
  if (Math.hypot(x2 - x1, y2 - y1) < 1e-6) return [];
  const headed = brush.head !== false;
  const width = (brush.width ?? 0.035) * c;
  const headLength = headed ? Math.max(c * 0.15, width * 3.5) : 0;
  const headHalf = Math.max(c * 0.065, width * 1.6);
  const toCells = (x: number, y: number): [number, number] => [(x - left) / c, (y - top) / c];
  const route = routeArrow(field, toCells(x1, y1), toCells(x2, y2), { gaps: [gaps[0] / c, gaps[1] / c], head: headLength / c });
  const drawn = trimRoute(route, { gaps: [gaps[0] / c, gaps[1] / c], head: headLength / c });
  const px = (p: readonly [number, number]): [number, number] => [left + p[0] * c, top + p[1] * c];
  const [sx, sy] = px(drawn.start);
  const [tipX, tipY] = px(drawn.tip);
  const [baseX, baseY] = px(drawn.base);
  const endDir = unit(tipX - baseX, tipY - baseY);
  const pieces: PathCommand[] = drawn.pieces.map((p) => (p.op === 'L' ? { op: 'L', x: left + p.x * c, y: top + p.y * c } : { op: 'Q', cx: left + p.cx * c, cy: top + p.cy * c, x: left + p.x * c, y: top + p.y * c }));
  // The line stops under the head's base (half a line width in, so no gap shows).
  const lastPiece = pieces[pieces.length - 1] as PathCommand & { x: number; y: number };
  lastPiece.x = baseX + endDir[0] * width * (headed ? 0.5 : 0);
  lastPiece.y = baseY + endDir[1] * width * (headed ? 0.5 : 0);
  const stroke = brush.stroke ?? '#000000';
  const data: Record<string, string | number> = { from: `${shape.from.cell}:${shape.from.digit}`, to: `${shape.to.cell}:${shape.to.digit}`, brush: shape.brush };
  if (shape.chain !== undefined) data['chain'] = shape.chain;
  const meta = { cls: headed ? 'mark-arrow' : 'mark-link', data };
  const line: Primitive = { type: 'path', commands: [{ op: 'M', x: sx, y: sy }, ...pieces], stroke, strokeWidth: width, meta };
  if (brush.dash && brush.dash.length > 0) line.dash = brush.dash.map((d) => d * c);
  if (brush.opacity !== undefined) line.opacity = brush.opacity;
  if (!headed) return [line];
  const head: PathCommand[] = [
    { op: 'M', x: tipX, y: tipY },
    { op: 'L', x: baseX - endDir[1] * headHalf, y: baseY + endDir[0] * headHalf },
    { op: 'L', x: baseX + endDir[1] * headHalf, y: baseY - endDir[0] * headHalf },
    { op: 'Z' },
  ];
  const headPrimitive: Primitive = { type: 'path', commands: head, fill: stroke, meta: { cls: 'mark-arrowhead', data } };
  if (brush.opacity !== undefined) headPrimitive.opacity = brush.opacity;
  return [line, headPrimitive];
}

function unit(x: number, y: number): [number, number] {
  const length = Math.hypot(x, y);
  return length < 1e-9 ? [0, 0] : [x / length, y / length];
}
