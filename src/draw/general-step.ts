import type { Step } from '../core/step.js';
import type { Rules } from '../rules/types.js';
import type { PathCommand, Primitive, Scene } from './scene.js';
import { sceneToSvg } from './svg.js';
import { COLOR_THEME } from './theme.js';
import { digitLabel, subtractBoxes, variantBoardScene } from './variant.js';

/**
 * A step on a board of any size or on a Samurai, as SVG text: the board as `drawVariantBoard`
 * draws it (any size, box shape, jigsaw, diagonals, Samurai's frame), and over it the step of the
 * general grader: the pattern's houses tinted, its cells in yellow, the pencil marks of the empty
 * cells (a small grid of up to 4 x 4 per cell: 16x16 digits 1-9 then A-G), the pattern's digits
 * on a disc, removed candidates struck through in red, a placed digit in green. Pure; the same
 * input gives the same bytes. The 9x9 drawing of steps (draw/variant-step.ts) stays as it is.
 */
export interface GeneralStepPicture {
  rules: Rules;
  givens: ArrayLike<number>;
  /** The digits so far (default the givens). */
  values?: ArrayLike<number>;
  /** Pencil marks of the empty cells (digit d is bit d - 1); none drawn when absent. */
  candidates?: ArrayLike<number>;
}

export interface GeneralStepOptions {
  /** Side of the picture in px. Default 720. */
  size?: number;
  title?: string;
  step?: Step;
  /** Row and column labels (r1..., c1...) round the frame. */
  coordinates?: boolean;
  /** With a step of several chains: draw only this one (index into `step.chains`). */
  chain?: number;
}

/** The layout of variantBoardScene (variant.ts), to place marks on its cells. */
function layout(rules: Rules, size: number, coordinates: boolean): { c: number; left: number; top: number } {
  const W = rules.width;
  const H = rules.height;
  const pad = size * 0.012;
  const span = Math.max(W, H) + (coordinates ? 0.5 : 0);
  const c = (size - 2 * pad) / span;
  return { c, left: pad + (coordinates ? c / 2 : 0) + ((Math.max(W, H) - W) * c) / 2, top: pad + (coordinates ? c / 2 : 0) + ((Math.max(W, H) - H) * c) / 2 };
}

/** The scene of {@link drawGeneralStep}. */
export function generalStepScene(picture: GeneralStepPicture, options: GeneralStepOptions = {}): Scene {
  const { rules } = picture;
  const size = options.size ?? 720;
  const coordinates = options.coordinates === true;
  const givens = Uint8Array.from(picture.givens);
  const values = Uint8Array.from(picture.values ?? picture.givens);
  const base = variantBoardScene({ rules, givens, values }, { size, layers: { coordinates }, ...(options.title === undefined ? {} : { title: options.title }) });
  const { c, left, top } = layout(rules, size, coordinates);
  const x0 = (cell: number) => left + rules.colOf[cell]! * c;
  const y0 = (cell: number) => top + rules.rowOf[cell]! * c;
  const brushes = COLOR_THEME.brushes;
  const step = options.step;
  const under: Primitive[] = [];
  const over: Primitive[] = [];
  const patternCells = new Set(step?.pattern.cells ?? []);
  const patternDigits = new Set(step?.pattern.digits ?? []);
  const placed = new Map((step?.placements ?? []).map((p) => [p.cell, p.digit]));
  const removed = new Set((step?.eliminations ?? []).map((e) => e.cell * 32 + e.digit));
  if (step) {
    const banded = new Set<number>();
    for (const house of step.pattern.units) for (const cell of rules.houses[house] ?? []) banded.add(cell);
    for (const cell of banded) under.push({ type: 'rect', x: x0(cell), y: y0(cell), width: c, height: c, fill: brushes.unit.fill!, meta: { cls: 'mark-unit', data: { cell } } });
    for (const cell of patternCells) under.push({ type: 'rect', x: x0(cell), y: y0(cell), width: c, height: c, fill: brushes.pattern.fill!, meta: { cls: 'mark-cell', data: { cell, brush: 'pattern' } } });
    for (const cell of placed.keys()) under.push({ type: 'rect', x: x0(cell), y: y0(cell), width: c, height: c, fill: brushes.placement.fill!, meta: { cls: 'mark-cell', data: { cell, brush: 'placement' } } });
  }
  // Pencil marks: a small grid of cols x rows places per cell, digit d at place d - 1.
  const cols = Math.ceil(Math.sqrt(rules.size));
  const rows = Math.ceil(rules.size / cols);
  const inset = c * 0.06;
  const cw = (c - 2 * inset) / cols;
  const ch = (c - 2 * inset) / rows;
  const spotX = (cell: number, digit: number) => x0(cell) + inset + (((digit - 1) % cols) + 0.5) * cw;
  const spotY = (cell: number, digit: number) => y0(cell) + inset + (Math.floor((digit - 1) / cols) + 0.5) * ch;
  // A chain's nodes: green discs assumed true, blue ones false (each chain of the step, or the one asked).
  const chainNodes = new Map<number, boolean>();
  const chains = step?.chains ?? [];
  const shown = options.chain === undefined ? chains : chains.slice(options.chain, options.chain + 1);
  for (const chain of shown) for (const node of chain.nodes) if (!chainNodes.has(node.cell * 32 + node.digit)) chainNodes.set(node.cell * 32 + node.digit, node.on);
  const marks = picture.candidates;
  // Each drawn mark's place (its disc's box): a diagonal's line is cut around them, as around digits.
  const spots: { x0: number; y0: number; x1: number; y1: number }[] = [];
  if (marks !== undefined) {
    const text = Math.min(cw, ch) * 0.9;
    const half = Math.min(cw, ch) * 0.5;
    for (let cell = 0; cell < rules.cellCount; cell++) {
      if (values[cell] !== 0) continue;
      for (let digit = 1; digit <= rules.size; digit++) {
        if ((marks[cell]! & (1 << (digit - 1))) === 0) continue;
        const x = spotX(cell, digit);
        const y = spotY(cell, digit);
        spots.push({ x0: x - half, y0: y - half, x1: x + half, y1: y + half });
        const gone = removed.has(cell * 32 + digit);
        const key = patternCells.has(cell) && patternDigits.has(digit);
        const isPlaced = placed.get(cell) === digit;
        const node = chainNodes.get(cell * 32 + digit);
        const brush = gone ? brushes.elimination : isPlaced ? brushes.placement : node !== undefined ? brushes[node ? 'on' : 'off'] : key ? brushes['pattern-digit'] : null;
        if (brush) over.push({ type: 'circle', cx: x, cy: y, r: Math.min(cw, ch) * 0.46, fill: brush.fill!, stroke: brush.stroke!, strokeWidth: c * 0.012, meta: { cls: gone ? 'mark-eliminated' : 'mark-digit-ring', data: { cell, digit, brush: gone ? 'elimination' : isPlaced ? 'placement' : 'pattern-digit' } } });
        over.push({ type: 'text', x, y: y + text * 0.36, text: digitLabel(digit), size: text, bold: brush !== null, fill: brush?.text ?? COLOR_THEME.candidate, meta: { cls: 'candidate', data: { cell, digit } } });
        if (gone) over.push({ type: 'line', x1: x - cw * 0.4, y1: y + ch * 0.4, x2: x + cw * 0.4, y2: y - ch * 0.4, stroke: brushes.elimination.stroke!, strokeWidth: c * 0.02, meta: { cls: 'mark-strike', data: { cell, digit } } });
      }
    }
  }
  // Links: solid into a node assumed true (strong), dashed into one assumed false (weak), from the
  // edge of one disc to the edge of the next.
  shown.forEach((chain, index) => {
    for (let i = 1; i < chain.nodes.length; i++) {
      const a = chain.nodes[i - 1]!;
      const b = chain.nodes[i]!;
      const ax = spotX(a.cell, a.digit);
      const ay = spotY(a.cell, a.digit);
      const bx = spotX(b.cell, b.digit);
      const by = spotY(b.cell, b.digit);
      const length = Math.hypot(bx - ax, by - ay);
      if (length === 0) continue;
      const r = Math.min(cw, ch) * 0.5;
      const ux = (bx - ax) / length;
      const uy = (by - ay) / length;
      const brush = b.on ? brushes.strong : brushes.weak;
      const colour = COLOR_THEME.chains[(options.chain ?? index) % COLOR_THEME.chains.length]!;
      over.push({
        type: 'line',
        x1: ax + ux * r,
        y1: ay + uy * r,
        x2: bx - ux * r,
        y2: by - uy * r,
        stroke: colour,
        strokeWidth: c * (brush.width ?? 0.03),
        ...(brush.dash ? { dash: brush.dash.map((f) => f * c) } : {}),
        meta: { cls: 'mark-arrow', data: { chain: options.chain ?? index, strong: b.on ? 1 : 0 } },
      });
    }
  });
  const drawn = spots.length === 0 ? base.primitives.slice(1) : base.primitives.slice(1).map((p) => (p.type === 'path' && p.meta?.cls === 'diagonal' ? { ...p, commands: cutAround(p.commands, spots, c * 0.05) } : p));
  // Under the grid lines and digits: right after the background.
  const primitives = [base.primitives[0]!, ...under, ...drawn, ...over];
  return { ...base, primitives };
}

/** A path of M..L segments with the parts inside the boxes left out (and the pieces left shorter than `least`: specks). */
function cutAround(commands: readonly PathCommand[], boxes: readonly { x0: number; y0: number; x1: number; y1: number }[], least: number): PathCommand[] {
  const out: PathCommand[] = [];
  for (let i = 0; i + 1 < commands.length; i += 2) {
    const a = commands[i]!;
    const b = commands[i + 1]!;
    if (a.op !== 'M' || b.op !== 'L') continue;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    for (const [t0, t1] of subtractBoxes(a.x, a.y, b.x, b.y, boxes)) if ((t1 - t0) * length >= least) out.push({ op: 'M', x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0 }, { op: 'L', x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1 });
  }
  return out;
}

/** {@link generalStepScene} as SVG text. */
export function drawGeneralStep(picture: GeneralStepPicture, options: GeneralStepOptions = {}): string {
  return sceneToSvg(generalStepScene(picture, options));
}
