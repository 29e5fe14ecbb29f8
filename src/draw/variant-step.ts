import { optionKeys, ownCopy, ownOptions } from '../core/errors.js';
import type { Rules } from '../rules/types.js';
import { boardSceneOn, DrawError, type DrawOptions } from './board.js';
import type { PathCommand } from './scene.js';
import type { Primitive, Scene } from './scene.js';
import { sceneToSvg } from './svg.js';
import { checkedPicture, subtractBoxes, variantBoardScene } from './variant.js';
import { CANDIDATE_INSET } from './board.js';

/**
 * A step on a 9x9 board under any rules (jigsaw, X, windoku, extra houses, killer cages): the
 * variant drawing's regions, diagonals, tints and cages under the step drawing's marks (pattern,
 * placements, eliminations, chains), one picture. Kept apart from board.ts so that a classic
 * drawing never carries the rules.
 */
export interface VariantStepPicture {
  /** The rules: 81 cells, nine digits (steps name cells 0..80 and houses as the rules number them). */
  rules: Rules;
  /** One given per cell (0 empty). Drawn bold. */
  givens: ArrayLike<number>;
  /** Every digit on the board, givens included. Default: the givens. */
  values?: ArrayLike<number>;
  /** Pencil marks: a 9-bit mask per cell. Default: none drawn. */
  candidates?: ArrayLike<number>;
}

/** Options of {@link drawVariantStep}: those of `drawBoard`, and a tint per jigsaw region. */
export interface VariantStepOptions extends DrawOptions {
  /** A light tint per jigsaw region, besides the heavy borders. Default true. */
  regionTint?: boolean;
}

const OPTION_KEYS = optionKeys<VariantStepOptions>({
  size: true,
  step: true,
  chain: true,
  shapes: true,
  theme: true,
  layers: true,
  fontFamily: true,
  title: true,
  glyphs: true,
  regionTint: true,
});

/** Marks of the variant drawing painted under the step's fills (tints); the rest but digits goes over them. */
const UNDER = new Set(['region-tint', 'extra-house']);
/** The variant drawing's own digits: the step drawing writes them (with its marks). */
const DIGITS = new Set(['given', 'filled']);
/** Pencil marks on a caged board: inset past the cage line (0.09 of a cell) and its stroke, and their size. */
const CAGE_MARK_INSET = 0.125;
const CAGE_MARK_SIZE = 0.22;
/** Opacity of an odd/even mark over a step's cell fill. */
const PARITY_OVER_FILLS = 0.6;

/** The scene of a step on a variant board (see {@link drawVariantStep}). */
export function variantStepScene(picture: VariantStepPicture, options: VariantStepOptions = {}): Scene {
  options = ownOptions(options, OPTION_KEYS, 'draw');
  picture = checkedPicture(picture);
  const rules = picture.rules;
  if (rules.cellCount !== 81 || rules.size !== 9 || rules.width !== 9 || rules.height !== 9) {
    throw new DrawError(`a step is drawn on a 9x9 board, not on a ${rules.width}x${rules.height} ${rules.variant} board`);
  }
  const { regionTint, ...draw } = options;
  const givens = Uint8Array.from(picture.givens);
  const values = picture.values === undefined ? givens : Uint8Array.from(picture.values);
  const coordinates = draw.layers !== undefined && Object.hasOwn(draw.layers, 'coordinates') && draw.layers.coordinates === true;
  const base = variantBoardScene(
    { rules, givens, values },
    {
      ...(draw.size === undefined ? {} : { size: draw.size }),
      ...(draw.theme === undefined ? {} : { theme: draw.theme }),
      layers: { coordinates },
      regionTint: regionTint ?? true,
    },
  );
  const under: Primitive[] = [];
  const over: Primitive[] = [];
  // The first primitive is the background (the step drawing paints its own); text without a
  // class is a coordinate label (the step drawing writes those too).
  for (const p of base.primitives.slice(1)) {
    const cls = p.meta?.cls;
    if (cls !== undefined && DIGITS.has(cls)) continue;
    if (p.type === 'text' && cls === undefined) continue;
    // Odd/even marks go over the step's cell fills, see-through, so that both show.
    if (cls === 'parity' && p.type !== 'text') over.push({ ...p, opacity: PARITY_OVER_FILLS });
    else (cls !== undefined && UNDER.has(cls) ? under : over).push(p);
  }
  const size = draw.size ?? base.width;
  const pad = size * 0.012;
  const c = (size - 2 * pad) / (coordinates ? 9.5 : 9);
  const origin = pad + (coordinates ? c / 2 : 0);
  const labelled = new Set(rules.cages.filter((cage) => cage.sum > 0).map((cage) => cage.cells[0]!));
  // On a caged board the pencil marks sit inside the cages' dashed lines, a little smaller, and in
  // a cell with a sum below its knock-out (the lowest knock-out's foot, plus a gap).
  let lowest = 0;
  for (const p of base.primitives) {
    if (p.type === 'rect' && p.meta?.cls === 'cage-sum-box') {
      const cell = Number(p.meta.data?.['cell']);
      lowest = Math.max(lowest, (p.y + p.height - (origin + Math.floor(cell / 9) * c)) / c);
    }
  }
  const marksAt = rules.cages.length > 0 ? { inset: CAGE_MARK_INSET, size: CAGE_MARK_SIZE, labelledTop: Math.max(lowest + 0.02, 0.27) } : undefined;
  // Pencil marks on a diagonal: the diagonal line leaves them out, as it leaves out the digits.
  const marks = picture.candidates;
  const showCandidates = marks !== undefined && !(draw.layers !== undefined && Object.hasOwn(draw.layers, 'candidates') && draw.layers.candidates === false);
  if (marks !== undefined && showCandidates) {
    const inset = c * (marksAt?.inset ?? CANDIDATE_INSET);
    const step3 = (c - 2 * inset) / 3;
    const lowTop = c * (marksAt?.labelledTop ?? 0.27);
    const lowStep = (c - lowTop - inset) / 3;
    const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
    for (let cell = 0; cell < 81; cell++) {
      if (values[cell] !== 0) continue;
      for (let digit = 1; digit <= 9; digit++) {
        if ((marks[cell]! & (1 << (digit - 1))) === 0) continue;
        const x = origin + (cell % 9) * c + inset + (((digit - 1) % 3) + 0.5) * step3;
        const row = Math.floor((digit - 1) / 3) + 0.5;
        const y = origin + Math.floor(cell / 9) * c + (labelled.has(cell) ? lowTop + row * lowStep : inset + row * step3);
        boxes.push({ x0: x - c * 0.1, y0: y - c * 0.12, x1: x + c * 0.1, y1: y + c * 0.12 });
      }
    }
    for (let k = 0; k < over.length; k++) {
      const p = over[k]!;
      if (p.type !== 'path' || p.meta?.cls !== 'diagonal') continue;
      const commands: PathCommand[] = [];
      for (let i = 0; i + 1 < p.commands.length; i += 2) {
        const a = p.commands[i]!;
        const b = p.commands[i + 1]!;
        if (a.op !== 'M' || b.op !== 'L') continue;
        for (const [t0, t1] of subtractBoxes(a.x, a.y, b.x, b.y, boxes)) {
          commands.push({ op: 'M', x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0 }, { op: 'L', x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1 });
        }
      }
      over[k] = { ...p, commands };
    }
  }
  return boardSceneOn(
    { givens, values, ...(picture.candidates === undefined ? {} : { candidates: picture.candidates }) },
    draw,
    {
      under,
      over,
      houses: rules.houses,
      boxes: rules.boxShape !== undefined && rules.boxShape !== null,
      labelled,
      ...(marksAt ? { marks: marksAt } : {}),
    },
  );
}

/**
 * A step on a 9x9 variant board as SVG text: jigsaw regions (heavy borders, light tints), X
 * diagonals, windoku and other extra houses (tinted), disjoint groups (a dot per cell), killer
 * cages (dashed, sums in the corner), and over them the step as `drawBoard` draws it: pattern
 * cells and units (a region or an extra house marked cell by cell), placements, eliminations,
 * chains as arrows. Pure; the same input gives the same bytes.
 *
 * @example drawVariantStep({ rules, givens, values: board.values, candidates: board.candidates }, { step, size: 480 })
 * @throws DrawError for rules that are not 9x9, a bad size or theme; PuzzleFormatError for digits that are not 81.
 */
export function drawVariantStep(picture: VariantStepPicture, options: VariantStepOptions = {}): string {
  return sceneToSvg(variantStepScene(picture, options));
}
