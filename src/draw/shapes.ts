import { optionKeys, ownOptions } from '../core/errors.js';
import type { ChainData, ChainNode, Step } from '../core/step.js';
import type { BrushName } from './theme.js';

/** A candidate on the board: a cell 0..80 and a digit 1..9. */
export interface CandidateRef {
  cell: number;
  digit: number;
}

/**
 * A mark on the board, as data: what it marks and the brush that paints it (chessground style).
 * A step becomes a list of these ({@link stepShapes}); callers may add their own.
 */
export type Shape =
  /** Fills a cell. */
  | { kind: 'cell'; cell: number; brush: BrushName }
  /** Fills a unit's band and outlines it (0..8 rows, 9..17 columns, 18..26 boxes). */
  | { kind: 'unit'; unit: number; brush: BrushName }
  /** A disc behind a pencil mark, its digit in the brush's colour. */
  | ({ kind: 'candidate'; brush: BrushName } & CandidateRef)
  /** A pencil mark struck through (drawn in the brush's colour). */
  | ({ kind: 'strike'; brush: BrushName } & CandidateRef)
  /** A big digit in a cell, in the brush's colour. */
  | ({ kind: 'digit'; brush: BrushName } & CandidateRef)
  /**
   * An arrow from one candidate to another (a plain line when the brush has no head). `chain`
   * (0, 1, ...) paints it in that chain's colour from the theme's palette instead of the brush's.
   */
  | { kind: 'arrow'; from: CandidateRef; to: CandidateRef; brush: BrushName; chain?: number };

/** Which parts of a step to turn into shapes. */
export interface StepShapeOptions {
  /** The pattern's cells, units and digits. Default true. */
  pattern?: boolean;
  /** Placements (cell and digit). Default true. */
  placements?: boolean;
  /** Eliminations, struck through. Default true. */
  eliminations?: boolean;
  /** Chain links as arrows and chain nodes as on/off discs. Default true. */
  chains?: boolean;
  /**
   * The other branches of dynamic chains and the nested proofs of forcing chains, as lighter
   * arrows. Default false: only each chain's main path is drawn.
   */
  proofs?: boolean;
  /**
   * Draw only this chain of the step (0-based index into `step.chains`), in its own colour: a step
   * with several chains reads one chain at a time. Default: every chain, each in its own colour.
   */
  chain?: number;
  /**
   * The pencil marks of the board the step applies to (a 9-bit mask per cell): pattern discs are
   * only drawn on candidates that exist. Without them, pattern digits are not marked.
   */
  candidates?: ArrayLike<number>;
}

/** Deepest nested proof drawn: deeper levels add clutter, not understanding. */
const MAX_PROOF_DEPTH = 2;

/**
 * The marks of a step, in painting order: units, cells, chain arrows, then candidate marks where
 * an elimination outranks a placement, which outranks a chain node, which outranks the pattern
 * (each candidate gets one mark).
 */
const STEP_SHAPE_KEYS = optionKeys<StepShapeOptions>({ pattern: true, placements: true, eliminations: true, chains: true, proofs: true, chain: true, candidates: true });

export function stepShapes(step: Readonly<Step>, options: StepShapeOptions = {}): Shape[] {
  options = ownOptions(options, STEP_SHAPE_KEYS, 'step shape');
  const showPattern = options.pattern ?? true;
  const showPlacements = options.placements ?? true;
  const showEliminations = options.eliminations ?? true;
  const showChains = (options.chains ?? true) && step.chains !== undefined && step.chains.length > 0;
  const shapes: Shape[] = [];
  // One mark per candidate, by precedence.
  const marks = new Map<number, Shape>();
  const mark = (shape: Shape & CandidateRef) => {
    const key = shape.cell * 9 + shape.digit - 1;
    if (!marks.has(key)) marks.set(key, shape);
  };

  const roles = showPattern ? roleShapes(step, options.candidates) : null;
  if (showPattern) {
    // A chain's arrows already say which unit each link uses; outlining them all only clutters.
    if (roles) shapes.push(...roles.filter((s) => s.kind === 'unit' || s.kind === 'cell'));
    else {
      if (!showChains) for (const unit of step.pattern.units) shapes.push({ kind: 'unit', unit, brush: 'unit' });
      for (const cell of step.pattern.cells) shapes.push({ kind: 'cell', cell, brush: 'pattern' });
    }
  }
  if (showPlacements) {
    for (const p of step.placements) shapes.push({ kind: 'cell', cell: p.cell, brush: 'placement' });
  }
  if (showEliminations) {
    for (const e of step.eliminations) mark({ kind: 'strike', cell: e.cell, digit: e.digit, brush: 'elimination' });
  }
  if (showPlacements) {
    // The answer written in its cell, as a reader would (ringed, not as bold as a given): the
    // clearest mark with the elimination's.
    for (const p of step.placements) mark({ kind: 'digit', cell: p.cell, digit: p.digit, brush: 'placement' });
  }
  if (showChains) {
    const arrows = new Map<string, Shape>();
    const proofs = options.proofs ?? false;
    const all = step.chains!;
    const only = options.chain;
    if (only !== undefined && all[only] !== undefined) addChains([all[only]], 0, proofs, arrows, mark, only);
    else all.forEach((chain, i) => addChains([chain], 0, proofs, arrows, mark, all.length > 1 ? i : undefined));
    shapes.push(...arrows.values());
  }
  if (roles) {
    shapes.push(...roles.filter((s) => s.kind === 'arrow'));
    for (const s of roles) if (s.kind === 'candidate') mark(s);
  }
  if (showPattern && options.candidates !== undefined && !showChains) {
    for (const cell of step.pattern.cells) {
      for (const digit of step.pattern.digits) {
        if (options.candidates[cell]! & (1 << (digit - 1))) mark({ kind: 'candidate', cell, digit, brush: 'pattern-digit' });
      }
    }
  }
  // Candidate marks are painted above the arrows' tails in the renderer's own order; here they
  // follow the arrows so a caller painting in list order gets the same picture.
  shapes.push(...marks.values());
  return shapes;
}

function addChains(
  chains: readonly ChainData[],
  depth: number,
  proofs: boolean,
  arrows: Map<string, Shape>,
  mark: (shape: Shape & CandidateRef) => void,
  colour?: number,
): void {
  const addArrow = (from: ChainNode, to: ChainNode, brush: BrushName) => {
    if (from.cell === to.cell && from.digit === to.digit) return;
    const key = `${from.cell},${from.digit},${to.cell},${to.digit}`;
    if (arrows.has(key)) return;
    const arrow: Shape = { kind: 'arrow', from: { cell: from.cell, digit: from.digit }, to: { cell: to.cell, digit: to.digit }, brush };
    // Main-path links take the chain's colour; nested proofs keep their own lighter brush.
    if (colour !== undefined && (brush === 'strong' || brush === 'weak')) arrow.chain = colour;
    arrows.set(key, arrow);
  };
  for (const chain of chains) {
    const nodes = chain.nodes;
    const main = mainPath(nodes);
    // The main path (from the assumption to the conclusion along first parents) is the chain a
    // reader follows; the other branches of a dynamic chain (its "[+ ...]" parents) and nested
    // proofs are drawn lighter, and only with `proofs`: dozens of them would hide the board.
    for (let k = 0; k < main.length; k++) {
      const node = nodes[main[k]!]!;
      if (depth === 0) mark({ kind: 'candidate', cell: node.cell, digit: node.digit, brush: node.on ? 'on' : 'off' });
      if (k > 0) {
        const parent = nodes[main[k - 1]!]!;
        addArrow(parent, node, depth === 0 ? (node.on ? 'strong' : 'weak') : node.on ? 'proof-strong' : 'proof-weak');
      }
    }
    if (!proofs || depth >= MAX_PROOF_DEPTH) continue;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      for (const p of parentsOf(nodes, i)) addArrow(nodes[p]!, node, node.on ? 'proof-strong' : 'proof-weak');
      if (node.proof) addChains(node.proof, depth + 1, proofs, arrows, mark, colour);
    }
  }
}

function parentsOf(nodes: readonly ChainNode[], index: number): readonly number[] {
  return nodes[index]!.parents ?? (index > 0 ? [index - 1] : []);
}

/** Node indices from the assumption to the last node, along first parents. */
function mainPath(nodes: readonly ChainNode[]): number[] {
  const path: number[] = [];
  const seen = new Set<number>();
  let index = nodes.length - 1;
  while (index >= 0 && !seen.has(index)) {
    seen.add(index);
    path.push(index);
    const parents = parentsOf(nodes, index);
    index = parents.length > 0 ? parents[0]! : -1;
  }
  return path.reverse();
}

const WINGS = new Set(['xy-wing', 'xyz-wing']);
const FISH = new Set(['x-wing', 'swordfish', 'jellyfish']);

/**
 * The roles of a pattern, HoDoKu style, for the techniques whose pattern has parts that play
 * different parts: a wing's pivot and pincers (and the lines joining the pivot to each pincer
 * through the digit they share), a fish's base and cover units. Null: the plain pattern marks.
 */
function roleShapes(step: Readonly<Step>, candidates: ArrayLike<number> | undefined): Shape[] | null {
  const { cells, units } = step.pattern;
  if (WINGS.has(step.technique) && cells.length === 3) {
    const [pivot, ...pincers] = cells as [number, number, number];
    const out: Shape[] = [{ kind: 'cell', cell: pivot, brush: 'pivot' }];
    for (const pincer of pincers) {
      out.push({ kind: 'cell', cell: pincer, brush: 'pincer' });
      if (candidates === undefined) continue;
      const shared = candidates[pivot]! & candidates[pincer]! & ~(1 << (step.pattern.digits[0]! - 1));
      for (let digit = 1; digit <= 9; digit++) {
        if ((shared & (1 << (digit - 1))) === 0) continue;
        out.push({ kind: 'arrow', from: { cell: pivot, digit }, to: { cell: pincer, digit }, brush: 'link' });
        // The linked digits, ringed in their cell's role.
        out.push({ kind: 'candidate', cell: pivot, digit, brush: 'pivot' }, { kind: 'candidate', cell: pincer, digit, brush: 'pincer' });
      }
    }
    return out;
  }
  if (FISH.has(step.technique) && units.length % 2 === 0 && units.length > 0) {
    const half = units.length / 2;
    const out: Shape[] = units.map((unit, i) => ({ kind: 'unit', unit, brush: i < half ? 'base' : 'cover' }));
    for (const cell of cells) out.push({ kind: 'cell', cell, brush: 'pattern' });
    return out;
  }
  return null;
}
