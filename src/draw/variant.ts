import { optionKeys, ownCopy, ownOptions, shownValue } from '../core/errors.js';
import { sourceOf } from '../rules/solver-link.js';
import { PARITY_EVEN, PARITY_ODD, type Rules } from '../rules/types.js';
import { DEFAULT_FONT_FAMILY, DEFAULT_SIZE, DrawError, sizeAndTheme, type Layers } from './board.js';
import type { FontOutlines } from './glyphs.js';
import type { PathCommand, Primitive, Scene } from './scene.js';
import { sceneToSvg } from './svg.js';
import { THEMES, type Theme } from './theme.js';

/**
 * A board under any rules (jigsaw, X, windoku and other extra houses, killer cages, 4x4 to 16x16,
 * Samurai's 21x21 frame): the same kind of picture as `drawBoard`, from a rules value and one
 * digit per rules cell. Kept apart from board.ts so that a classic drawing never carries it.
 */
export interface VariantPicture {
  /** The rules (see src/rules). */
  rules: Rules;
  /** One given per rules cell (0 empty), in the rules' cell order. Drawn bold. */
  givens: ArrayLike<number>;
  /** Every digit on the board, givens included (e.g. the solution). Default: the givens. */
  values?: ArrayLike<number>;
  /**
   * Pencil marks: a mask per rules cell (digit d is bit d - 1), drawn in the empty cells as a small
   * grid (3x3 for nine digits, 2x2 for four, 4x4 for sixteen), clear of cage lines and sums.
   */
  candidates?: ArrayLike<number>;
}

/** Options of {@link drawVariantBoard}. */
export interface VariantDrawOptions {
  /** Width and height of the picture in px. Default 360. */
  size?: number;
  /** `color` (default), `grey` for print, or a theme of your own. */
  theme?: 'color' | 'grey' | Theme;
  /** Only `coordinates` is used (row and column numbers around the frame). */
  layers?: Partial<Layers>;
  /** Digits above 9: `letters` (A-G, default) or `numbers` (10-16). */
  digits?: 'letters' | 'numbers';
  /** A light tint per jigsaw region, besides the heavy borders. Default false. */
  regionTint?: boolean;
  fontFamily?: string;
  title?: string;
  glyphs?: FontOutlines;
}

const VARIANT_OPTION_KEYS = optionKeys<VariantDrawOptions>({ size: true, theme: true, layers: true, digits: true, regionTint: true, fontFamily: true, title: true, glyphs: true });

/** Height of a digit as a fraction of the font size, and an average digit's width. */
const DIGIT_HEIGHT = 0.729;
const DIGIT_WIDTH = 0.64;
/** Killer cage lines sit this fraction of a cell inside the cage. */
const CAGE_INSET = 0.09;
/** The sum's size, as a fraction of a cell. */
const SUM_SIZE = 0.22;

/** Light tints; greys, so that they read the same printed in grey. */
const TINTS: Record<string, { extra: string; regions: readonly string[]; diagonal: string; cage: string; parity: string }> = {
  color: { extra: '#dde8f5', regions: ['#ffffff', '#eef3f9', '#f7f1e3', '#eaf4ea'], diagonal: '#b9bec4', cage: '#3c4043', parity: '#dcdcdc' },
  grey: { extra: '#e4e4e4', regions: ['#ffffff', '#f0f0f0', '#e2e2e2', '#f7f7f7'], diagonal: '#bdbdbd', cage: '#303030', parity: '#dddddd' },
};

/** Odd/even marks: an odd cell's circle (radius) and an even cell's square (side), as fractions of a cell. */
const ODD_RADIUS = 0.42;
const EVEN_SIDE = 0.8;

/** A digit as written: 1-9 then A-G, or 1-16. */
export function digitLabel(digit: number, digits: 'letters' | 'numbers' = 'letters'): string {
  return digits === 'numbers' || digit <= 9 ? String(digit) : '123456789ABCDEFG'[digit - 1]!;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A picture's own fields, checked: rules made by buildRules (a copy or a look-alike lacks what the
 * drawing reads), givens and values lists of whole numbers 0..size (what is drawn is what is there).
 * @throws DrawError
 */
export function checkedPicture<T extends VariantPicture>(picture: T): T {
  if (typeof picture !== 'object' || picture === null) throw new DrawError(`expected a picture { rules, givens } (got ${picture === null ? 'null' : typeof picture})`);
  const copy = ownCopy(picture);
  const rules: unknown = copy.rules;
  if (typeof rules !== 'object' || rules === null || sourceOf(rules as Rules) === undefined) {
    throw new DrawError('the picture\'s rules must be a rules value made by buildRules (or classicRules, jigsawRules...)');
  }
  const { size } = rules as Rules;
  for (const key of ['givens', 'values'] as const) {
    const list: unknown = copy[key];
    if (list === undefined && key === 'values') continue;
    if (!Array.isArray(list) && !(ArrayBuffer.isView(list) && !(list instanceof DataView))) throw new DrawError(`${key} must be a list of digits (got ${list === null ? 'null' : typeof list})`);
    const digits = list as ArrayLike<unknown>;
    for (let i = 0; i < digits.length; i++) {
      const digit = digits[i];
      if (typeof digit !== 'number' || !Number.isInteger(digit) || digit < 0 || digit > size) throw new DrawError(`${key}: cell ${i + 1} holds ${shownValue(digit)}, not a digit from 0 to ${size}`);
    }
  }
  return copy;
}

/** The scene of a variant board (see {@link drawVariantBoard}). */
export function variantBoardScene(picture: VariantPicture, options: VariantDrawOptions = {}): Scene {
  options = ownOptions(options, VARIANT_OPTION_KEYS, 'draw');
  picture = checkedPicture(picture);
  const rules = picture.rules;
  const { size, theme } = sizeAndTheme(options);
  const n = rules.cellCount;
  const givens = picture.givens;
  const values = picture.values ?? givens;
  if (givens.length !== n || values.length !== n) throw new DrawError(`a ${rules.variant} board has ${n} cells, not ${givens.length === n ? values.length : givens.length}`);
  const marks = picture.candidates;
  if (marks !== undefined && marks.length !== n) throw new DrawError(`a ${rules.variant} board has ${n} cells, not ${marks.length} candidate masks`);
  const coordinates = options.layers?.coordinates === true;
  const W = rules.width;
  const H = rules.height;
  const pad = size * 0.012;
  const span = Math.max(W, H) + (coordinates ? 0.5 : 0);
  const c = (size - 2 * pad) / span;
  const left = pad + (coordinates ? c / 2 : 0) + ((Math.max(W, H) - W) * c) / 2;
  const top = pad + (coordinates ? c / 2 : 0) + ((Math.max(W, H) - H) * c) / 2;
  const tints = TINTS[theme.name] ?? TINTS['color']!;
  const cellX = (cell: number) => left + rules.colOf[cell]! * c;
  const cellY = (cell: number) => top + rules.rowOf[cell]! * c;
  const at = (row: number, col: number) => (row < 0 || col < 0 || row >= H || col >= W ? -1 : rules.cellAt[row * W + col]!);
  // Region identity for borders: boxes by frame position (Samurai's grids sit on multiples of 3), else the jigsaw piece.
  const box = rules.boxShape;
  const regionKey = (cell: number) => (box ? Math.floor(rules.rowOf[cell]! / box.rows) * 64 + Math.floor(rules.colOf[cell]! / box.cols) : rules.regionOf[cell]!);

  const out: Primitive[] = [{ type: 'rect', x: 0, y: 0, width: size, height: size, fill: theme.background }];
  // Tints: jigsaw regions (optional), then the extra houses.
  if (options.regionTint === true && !box) {
    const colours = colourRegions(rules, at);
    for (let cell = 0; cell < n; cell++) {
      const fill = tints.regions[colours[rules.regionOf[cell]!]! % tints.regions.length]!;
      if (fill !== theme.background) out.push({ type: 'rect', x: cellX(cell), y: cellY(cell), width: c, height: c, fill, meta: { cls: 'region-tint', data: { cell, region: rules.regionOf[cell]! } } });
    }
  }
  const tinted = new Uint8Array(n);
  rules.houseKinds.forEach((kind, house) => {
    if (kind === 'window' || kind === 'asterisk' || kind === 'centre-dot' || kind === 'extra') for (const cell of rules.houses[house]!) tinted[cell] = 1;
  });
  for (let cell = 0; cell < n; cell++) {
    if (tinted[cell]) out.push({ type: 'rect', x: cellX(cell), y: cellY(cell), width: c, height: c, fill: tints.extra, meta: { cls: 'extra-house', data: { cell } } });
  }

  // Odd/even: the usual marks, told apart by shape (never by colour alone): a light grey circle
  // filling most of an odd cell, a light grey square in an even one; digits and pencil marks are
  // written over them.
  if (rules.startMasks !== null) {
    for (let cell = 0; cell < n; cell++) {
      const mark = rules.parityOf[cell]!;
      if (mark === PARITY_ODD) {
        out.push({ type: 'circle', cx: cellX(cell) + c / 2, cy: cellY(cell) + c / 2, r: c * ODD_RADIUS, fill: tints.parity, meta: { cls: 'parity', data: { cell, parity: 'odd' } } });
      } else if (mark === PARITY_EVEN) {
        const side = c * EVEN_SIDE;
        out.push({ type: 'rect', x: cellX(cell) + (c - side) / 2, y: cellY(cell) + (c - side) / 2, width: side, height: side, fill: tints.parity, meta: { cls: 'parity', data: { cell, parity: 'even' } } });
      }
    }
  }

  // Disjoint groups: each cell a small light dot placed in the cell as the cell sits in its box
  // (top-left cell of a box: dot in the top-left corner...), so that a group is the cells whose
  // dots sit alike; by place, not by colour. At the edges, clear of digits and pencil marks.
  const groupDot = c * 0.035;
  rules.houseKinds.forEach((kind, house) => {
    if (kind !== 'disjoint') return;
    const group = house - rules.houseKinds.indexOf('disjoint');
    const gx = [0.09, 0.5, 0.91][group % 3]!;
    const gy = [0.09, 0.5, 0.91][Math.floor(group / 3) % 3]!;
    // The middle group's dot sits in the middle, under the digit (a filled cell shows none, which
    // no other group does).
    for (const cell of rules.houses[house]!) {
      out.push({ type: 'circle', cx: cellX(cell) + gx * c, cy: cellY(cell) + gy * c, r: groupDot, fill: tints.diagonal, meta: { cls: 'disjoint-group', data: { cell, group } } });
    }
  });

  // Sum labels first (lines are cut around them), then the lines.
  const sumSize = c * SUM_SIZE;
  // As a 9x9 board's lines at most: the big cells of 4x4 and 6x6 would otherwise get clumsy bars.
  const thin = Math.max(0.5, Math.min(c * 0.02, size * 0.0022));
  const thick = Math.max(1.5, Math.min(c * 0.06, size * 0.0066));
  const labels: { box: Box; sum: number; cage: number; cell: number }[] = [];
  rules.cages.forEach((cage, index) => {
    if (cage.sum <= 0) return;
    const cell = cage.cells[0]!;
    const text = String(cage.sum);
    const x0 = cellX(cell) + thick / 2 + c * 0.015;
    const y0 = cellY(cell) + thick / 2 + c * 0.015;
    const w = text.length * sumSize * 0.6 + sumSize * 0.3;
    const h = sumSize * DIGIT_HEIGHT + sumSize * 0.36;
    labels.push({ box: { x0, y0, x1: x0 + w, y1: y0 + h }, sum: cage.sum, cage: index, cell });
  });
  const gapBoxes = labels.map((l) => grow(l.box, c * 0.03));

  // Diagonals: light lines from corner to corner of the grid, under every digit, cut around sums.
  const diagonalWidth = Math.max(0.75, c * 0.035);
  const diagonals: [number, number, number, number][] = [];
  if (rules.spec.diagonalDown) diagonals.push([left, top, left + W * c, top + H * c]);
  if (rules.spec.diagonalUp) diagonals.push([left, top + H * c, left + W * c, top]);
  // Digits: 1-9 then A-G (or 1-16); small grids get larger digits. Their boxes: what the diagonals leave out.
  const labelsMode = options.digits ?? 'letters';
  const twoChars = labelsMode === 'numbers' && rules.size > 9;
  const bigSize = c * (twoChars ? 0.44 : rules.size <= 6 ? 0.5 : rules.cages.length > 0 ? 0.58 : 0.64);
  // In a caged board the digits sit a little lower, clear of the sums in the corners.
  const digitDy = rules.cages.length > 0 ? c * 0.04 : 0;
  const digitBoxes: Box[] = [];
  for (let cell = 0; cell < n; cell++) {
    if (values[cell]! === 0) continue;
    const x = cellX(cell) + c / 2;
    const y = cellY(cell) + c / 2 + digitDy;
    const halfW = digitTextWidth(digitLabel(values[cell]!, labelsMode), bigSize) / 2;
    digitBoxes.push({ x0: x - halfW, y0: y - (bigSize * DIGIT_HEIGHT) / 2, x1: x + halfW, y1: y + (bigSize * DIGIT_HEIGHT) / 2 });
  }
  const pencil = marks === undefined ? [] : pencilMarks(rules, values, marks, { c, cellX, cellY, labels, labelsMode, fill: theme.candidate });
  const diagonalGaps = [...gapBoxes, ...digitBoxes.map((b) => grow(b, c * 0.05)), ...pencil.map((m) => grow(m.box, c * 0.02))];
  for (const [x1, y1, x2, y2] of diagonals) {
    const commands: PathCommand[] = [];
    for (const [a, b] of subtractBoxes(x1, y1, x2, y2, diagonalGaps)) commands.push({ op: 'M', x: x1 + (x2 - x1) * a, y: y1 + (y2 - y1) * a }, { op: 'L', x: x1 + (x2 - x1) * b, y: y1 + (y2 - y1) * b });
    out.push({ type: 'path', commands, stroke: tints.diagonal, strokeWidth: diagonalWidth, meta: { cls: 'diagonal' } });
  }

  // Grid lines: every cell edge, thin between cells of a region, heavy between regions and at the
  // frame (where a cell meets no cell); runs of one weight on one line are one line.
  const heavy: { x1: number; y1: number; x2: number; y2: number; cls: string }[] = [];
  const thinLines: Primitive[] = [];
  const runs = (count: number, length: number, kindAt: (i: number, j: number) => 0 | 1 | 2 | 3, emit: (i: number, from: number, to: number, kind: 1 | 2 | 3) => void) => {
    for (let i = 0; i <= count; i++) {
      let j = 0;
      while (j < length) {
        const kind = kindAt(i, j);
        if (kind === 0) {
          j++;
          continue;
        }
        let k = j + 1;
        while (k < length && kindAt(i, k) === kind) k++;
        emit(i, j, k, kind);
        j = k;
      }
    }
  };
  // 0 none, 1 thin, 2 region border, 3 frame.
  const edgeKind = (a: number, b: number): 0 | 1 | 2 | 3 => (a < 0 && b < 0 ? 0 : a < 0 || b < 0 ? 3 : regionKey(a) === regionKey(b) ? 1 : 2);
  const emitLine = (x1: number, y1: number, x2: number, y2: number, kind: 1 | 2 | 3) => {
    if (kind === 1) thinLines.push({ type: 'line', x1, y1, x2, y2, stroke: theme.thin, strokeWidth: thin });
    else heavy.push({ x1, y1, x2, y2, cls: kind === 2 ? 'region-border' : 'frame' });
  };
  runs(H, W, (row, col) => edgeKind(at(row - 1, col), at(row, col)), (row, from, to, kind) => emitLine(left + from * c, top + row * c, left + to * c, top + row * c, kind));
  runs(W, H, (col, row) => edgeKind(at(row, col - 1), at(row, col)), (col, from, to, kind) => emitLine(left + col * c, top + from * c, left + col * c, top + to * c, kind));
  out.push(...thinLines);

  // An outline of a set of cells, inset into them, cut around the sums: one path's commands.
  const outline = (cells: ArrayLike<number>, inSet: (cell: number) => boolean, inset: number): PathCommand[] => {
    const has = (cell: number) => cell >= 0 && inSet(cell);
    const segments: [number, number, number, number][] = [];
    for (let k = 0; k < cells.length; k++) {
      const cell = cells[k]!;
      const row = rules.rowOf[cell]!;
      const col = rules.colOf[cell]!;
      const x0 = cellX(cell);
      const y0 = cellY(cell);
      const x1 = x0 + c;
      const y1 = y0 + c;
      const up = has(at(row - 1, col));
      const down = has(at(row + 1, col));
      const lft = has(at(row, col - 1));
      const rgt = has(at(row, col + 1));
      // An end meets the neighbour's line (same set beside: edge of the cell), or turns a
      // corner inside this cell (convex), or outside it (concave: the diagonal cell is in the set too).
      const end = (beside: boolean, diagonal: boolean, edge: number, sign: number) => (!beside ? edge + sign * inset : diagonal ? edge - sign * inset : edge);
      if (!up) segments.push([end(lft, has(at(row - 1, col - 1)), x0, 1), y0 + inset, end(rgt, has(at(row - 1, col + 1)), x1, -1), y0 + inset]);
      if (!down) segments.push([end(lft, has(at(row + 1, col - 1)), x0, 1), y1 - inset, end(rgt, has(at(row + 1, col + 1)), x1, -1), y1 - inset]);
      if (!lft) segments.push([x0 + inset, end(up, has(at(row - 1, col - 1)), y0, 1), x0 + inset, end(down, has(at(row + 1, col - 1)), y1, -1)]);
      if (!rgt) segments.push([x1 - inset, end(up, has(at(row - 1, col + 1)), y0, 1), x1 - inset, end(down, has(at(row + 1, col + 1)), y1, -1)]);
    }
    const commands: PathCommand[] = [];
    for (const [x1, y1, x2, y2] of mergeSegments(segments)) {
      for (const [a, b] of subtractBoxes(x1, y1, x2, y2, gapBoxes)) {
        if ((b - a) * Math.hypot(x2 - x1, y2 - y1) < c * 0.02) continue;
        commands.push({ op: 'M', x: x1 + (x2 - x1) * a, y: y1 + (y2 - y1) * a }, { op: 'L', x: x1 + (x2 - x1) * b, y: y1 + (y2 - y1) * b });
      }
    }
    return commands;
  };

  // Extra houses of no fixed shape (f-puzzles' extra regions): a thin solid outline each besides
  // the tint, so that two of them side by side still read as two.
  rules.houseKinds.forEach((kind, house) => {
    if (kind !== 'extra') return;
    const cells = rules.houses[house]!;
    const members = new Set(cells);
    out.push({ type: 'path', commands: outline(cells, (cell) => members.has(cell), c * 0.045), stroke: tints.cage, strokeWidth: Math.max(0.6, c * 0.02), meta: { cls: 'extra-house-outline', data: { house } } });
  });

  // Killer cages: dashed outlines inset into the cells, one path per cage, cut around its sum.
  const cageWidth = Math.max(0.6, c * 0.022);
  const dash = [c * 0.075, c * 0.055];
  rules.cages.forEach((cage, index) => {
    const commands = outline(cage.cells, (cell) => rules.cageOf[cell] === index, c * CAGE_INSET);
    const data: Record<string, number> = { cage: index, cells: cage.cells.length };
    if (cage.sum > 0) data['sum'] = cage.sum;
    out.push({ type: 'path', commands, stroke: tints.cage, strokeWidth: cageWidth, dash, meta: { cls: 'cage', data } });
  });

  // Heavy lines over the thin ones and the cages' corners; square ends so that corners close.
  for (const l of heavy) {
    const horizontal = l.y1 === l.y2;
    const e = thick / 2;
    out.push({ type: 'line', x1: horizontal ? l.x1 - e : l.x1, y1: horizontal ? l.y1 : l.y1 - e, x2: horizontal ? l.x2 + e : l.x2, y2: horizontal ? l.y2 : l.y2 + e, stroke: theme.thick, strokeWidth: thick, meta: { cls: l.cls } });
  }

  // Sums: a white knock-out, then the number.
  for (const l of labels) {
    out.push({ type: 'rect', x: l.box.x0, y: l.box.y0, width: l.box.x1 - l.box.x0, height: l.box.y1 - l.box.y0, fill: theme.background, meta: { cls: 'cage-sum-box', data: { cage: l.cage, cell: l.cell } } });
    out.push({ type: 'text', x: (l.box.x0 + l.box.x1) / 2, y: l.box.y1 - sumSize * 0.18, text: String(l.sum), size: sumSize, bold: false, fill: theme.given, meta: { cls: 'cage-sum', data: { cage: l.cage, sum: l.sum } } });
  }

  for (let cell = 0; cell < n; cell++) {
    const value = values[cell]!;
    if (value === 0) continue;
    const given = givens[cell] === value;
    const dy = digitDy;
    out.push({
      type: 'text',
      x: cellX(cell) + c / 2,
      y: cellY(cell) + c / 2 + dy + (bigSize * DIGIT_HEIGHT) / 2,
      text: digitLabel(value, labelsMode),
      size: bigSize,
      bold: given,
      fill: given ? theme.given : theme.filled,
      meta: { cls: given ? 'given' : 'filled', data: { cell } },
    });
  }
  for (const m of pencil) out.push(m.text);
  if (coordinates) {
    const labelSize = c * 0.3;
    for (let i = 0; i < W; i++) out.push({ type: 'text', x: left + (i + 0.5) * c, y: top - c * 0.15, text: `c${i + 1}`, size: labelSize, bold: false, fill: theme.coordinates });
    for (let i = 0; i < H; i++) out.push({ type: 'text', x: left - c * 0.27, y: top + (i + 0.5) * c + (labelSize * DIGIT_HEIGHT) / 2, text: `r${i + 1}`, size: labelSize, bold: false, fill: theme.coordinates });
  }
  const scene: Scene = { width: size, height: size, fontFamily: options.fontFamily ?? DEFAULT_FONT_FAMILY, primitives: out };
  if (options.title !== undefined) scene.title = options.title;
  if (options.glyphs !== undefined) scene.glyphs = options.glyphs;
  return scene;
}

/**
 * A board under any rules as SVG text: region borders as heavy as box borders, diagonals as light
 * lines under the digits, extra houses tinted, odd/even cells as a light grey circle (odd) or
 * square (even) under the digit, killer cages dashed inside their cells with the sum
 * small in the top-left cell on a white knock-out that no line crosses; 16x16 digits 1-9 then A-G;
 * pencil marks (`candidates`) in the empty cells, clear of the cages' lines and sums.
 * Pure; the same input gives the same bytes.
 *
 * @example drawVariantBoard({ rules, givens }, { size: 480, theme: 'grey' })
 * @throws DrawError for a bad size or theme, or digits that are not one per rules cell.
 */
export function drawVariantBoard(picture: VariantPicture, options: VariantDrawOptions = {}): string {
  return sceneToSvg(variantBoardScene(picture, options));
}

/** Pencil marks sit this fraction of a cell from its edges (classic boards), and inside a cage's line. */
const MARK_INSET = 0.055;
const MARK_CAGE_GAP = 0.035;

/**
 * The pencil marks of the empty cells: digit d at place d - 1 of a small grid (cols x rows places,
 * cols = ceil(sqrt(size))), inset from the cell's edges and, on a caged board, inside the cage's
 * dashed line; in a cell with a cage's sum the places share what the sum's knock-out leaves below
 * it. One text size for the whole board (the tightest cell decides), so that marks read alike.
 */
function pencilMarks(
  rules: Rules,
  values: ArrayLike<number>,
  marks: ArrayLike<number>,
  at: { c: number; cellX: (cell: number) => number; cellY: (cell: number) => number; labels: readonly { box: Box; cell: number }[]; labelsMode: 'letters' | 'numbers'; fill: string },
): { box: Box; text: Primitive }[] {
  const { c, cellX, cellY } = at;
  const cols = Math.ceil(Math.sqrt(rules.size));
  const rows = Math.ceil(rules.size / cols);
  const caged = rules.cages.length > 0;
  const inset = c * (caged ? CAGE_INSET + MARK_CAGE_GAP : MARK_INSET);
  const cw = (c - 2 * inset) / cols;
  const ch = (c - 2 * inset) / rows;
  // Below a sum: from the knock-out's foot (plus a gap) to the cell's inset.
  const labelFoot = new Map<number, number>();
  for (const l of at.labels) labelFoot.set(l.cell, l.box.y1 - cellY(l.cell) + c * 0.02);
  let lowCh = ch;
  for (const foot of labelFoot.values()) lowCh = Math.min(lowCh, (c - inset - foot) / rows);
  const widest = at.labelsMode === 'numbers' && rules.size > 9 ? 2 : 1;
  // 9 digits: a quarter of the cell, as the classic board; 4 digits larger, 16 smaller.
  const size = Math.min((c * 0.75) / Math.max(cols, rows), (cw * 0.82) / (widest * DIGIT_WIDTH), (ch * 0.8) / DIGIT_HEIGHT, (lowCh * 0.85) / DIGIT_HEIGHT);
  const out: { box: Box; text: Primitive }[] = [];
  for (let cell = 0; cell < rules.cellCount; cell++) {
    if (values[cell] !== 0) continue;
    const mask = marks[cell]!;
    if (mask === 0) continue;
    const foot = labelFoot.get(cell);
    const top = foot === undefined ? inset : foot;
    const pitch = foot === undefined ? ch : (c - inset - foot) / rows;
    for (let digit = 1; digit <= rules.size; digit++) {
      if ((mask & (1 << (digit - 1))) === 0) continue;
      const text = digitLabel(digit, at.labelsMode);
      const x = cellX(cell) + inset + (((digit - 1) % cols) + 0.5) * cw;
      const y = cellY(cell) + top + (Math.floor((digit - 1) / cols) + 0.5) * pitch;
      const halfW = digitTextWidth(text, size) / 2;
      const halfH = (size * DIGIT_HEIGHT) / 2;
      out.push({
        box: { x0: x - halfW, y0: y - halfH, x1: x + halfW, y1: y + halfH },
        text: { type: 'text', x, y: y + halfH, text, size, bold: false, fill: at.fill, meta: { cls: 'candidate', data: { cell, digit } } },
      });
    }
  }
  return out;
}

/** The width of a digit string in a font size (an estimate, for layout and tests). */
export function digitTextWidth(text: string, size: number): number {
  return text.length * size * DIGIT_WIDTH;
}

function grow(b: Box, by: number): Box {
  return { x0: b.x0 - by, y0: b.y0 - by, x1: b.x1 + by, y1: b.y1 + by };
}

/** Collinear axis-aligned segments that touch or overlap, joined. */
function mergeSegments(segments: [number, number, number, number][]): [number, number, number, number][] {
  const key = (s: [number, number, number, number]) => (s[1] === s[3] ? `h${s[1].toFixed(3)}` : `v${s[0].toFixed(3)}`);
  const groups = new Map<string, [number, number, number, number][]>();
  for (const s of segments) {
    const k = key(s);
    const list = groups.get(k);
    if (list) list.push(s);
    else groups.set(k, [s]);
  }
  const merged: [number, number, number, number][] = [];
  for (const [k, list] of groups) {
    const horizontal = k.startsWith('h');
    const spans = list.map((s) => (horizontal ? [Math.min(s[0], s[2]), Math.max(s[0], s[2])] : [Math.min(s[1], s[3]), Math.max(s[1], s[3])]) as [number, number]).sort((a, b) => a[0] - b[0]);
    const fixed = horizontal ? list[0]![1] : list[0]![0];
    let [a, b] = spans[0]!;
    const push = () => merged.push(horizontal ? [a, fixed, b, fixed] : [fixed, a, fixed, b]);
    for (const [s, e] of spans.slice(1)) {
      if (s <= b + 1e-6) b = Math.max(b, e);
      else {
        push();
        [a, b] = [s, e];
      }
    }
    push();
  }
  return merged;
}

/** Parameter intervals [t0, t1] of the segment outside every box (Liang-Barsky per box). */
export function subtractBoxes(x1: number, y1: number, x2: number, y2: number, boxes: readonly Box[]): [number, number][] {
  let parts: [number, number][] = [[0, 1]];
  const dx = x2 - x1;
  const dy = y2 - y1;
  for (const b of boxes) {
    let t0 = 0;
    let t1 = 1;
    let inside = true;
    for (const [p, q] of [
      [-dx, x1 - b.x0],
      [dx, b.x1 - x1],
      [-dy, y1 - b.y0],
      [dy, b.y1 - y1],
    ] as const) {
      if (p === 0) {
        if (q < 0) inside = false;
        continue;
      }
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
    }
    if (!inside || t0 >= t1) continue;
    const next: [number, number][] = [];
    for (const [a, e] of parts) {
      if (t1 <= a || t0 >= e) next.push([a, e]);
      else {
        if (t0 > a) next.push([a, t0]);
        if (t1 < e) next.push([t1, e]);
      }
    }
    parts = next;
  }
  return parts;
}

/** A colour index per jigsaw region, neighbours different (greedy, in region order). */
function colourRegions(rules: Rules, at: (row: number, col: number) => number): number[] {
  const neighbours: Set<number>[] = Array.from({ length: rules.size }, () => new Set<number>());
  for (let cell = 0; cell < rules.cellCount; cell++) {
    const r = rules.regionOf[cell]!;
    for (const other of [at(rules.rowOf[cell]!, rules.colOf[cell]! + 1), at(rules.rowOf[cell]! + 1, rules.colOf[cell]!)]) {
      if (other < 0) continue;
      const s = rules.regionOf[other]!;
      if (s !== r) {
        neighbours[r]!.add(s);
        neighbours[s]!.add(r);
      }
    }
  }
  const colours: number[] = [];
  for (let r = 0; r < rules.size; r++) {
    let k = 0;
    while ([...neighbours[r]!].some((s) => s < r && colours[s] === k)) k++;
    colours.push(k);
  }
  return colours;
}
