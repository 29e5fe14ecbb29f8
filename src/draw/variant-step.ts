import { optionKeys, ownCopy, ownOptions } from '../core/errors.js';
import type { Rules } from '../rules/types.js';
import { boardSceneOn, DrawError, type DrawOptions } from './board.js';
import type { Primitive, Scene } from './scene.js';
import { sceneToSvg } from './svg.js';
import { variantBoardScene } from './variant.js';

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

/** The scene of a step on a variant board (see {@link drawVariantStep}). */
export function variantStepScene(picture: VariantStepPicture, options: VariantStepOptions = {}): Scene {
  options = ownOptions(options, OPTION_KEYS, 'draw');
  picture = ownCopy(picture);
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
    (cls !== undefined && UNDER.has(cls) ? under : over).push(p);
  }
  return boardSceneOn(
    { givens, values, ...(picture.candidates === undefined ? {} : { candidates: picture.candidates }) },
    draw,
    { under, over, houses: rules.houses, boxes: rules.boxShape !== undefined && rules.boxShape !== null },
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
