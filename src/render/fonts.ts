/**
 * The book's type: Charis SIL (a serif for reading: text, headings, labels) with DejaVu Sans for the
 * digits in the grids (open, even, unmistakable 1/7 and 6/8 at small sizes). Both are under open
 * licences (SIL OFL 1.1; Bitstream Vera / public domain), shipped in assets/fonts with their licence
 * files, and embedded (subset) in every PDF.
 */
import { join } from 'node:path';
import { packageRoot } from '../core/package-root.js';

const FONT_ROOT = join(packageRoot(), 'assets', 'fonts');

export const FONT_FILES = {
  /** Text. */
  serif: join(FONT_ROOT, 'charis', 'CharisSIL-Regular.ttf'),
  serifItalic: join(FONT_ROOT, 'charis', 'CharisSIL-Italic.ttf'),
  serifBold: join(FONT_ROOT, 'charis', 'CharisSIL-Bold.ttf'),
  /** Digits in grids: regular for puzzles and filled-in solution digits, bold for a solution's givens. */
  digits: join(FONT_ROOT, 'dejavu', 'DejaVuSans.ttf'),
  digitsBold: join(FONT_ROOT, 'dejavu', 'DejaVuSans-Bold.ttf'),
} as const;

export type FontName = keyof typeof FONT_FILES;
