/**
 * The drawing model: a picture as a flat list of painting primitives in user units (px at 1x),
 * shared by the two back ends (SVG text here, pdfkit in src/render/board-pdf.ts). Primitives
 * carry only paint; what they mean is decided before (see shapes.ts), python-chess and chessground
 * style. `meta` labels a primitive for the SVG back end (class and data attributes, used by pages
 * and tests to find the highlighted cells); the PDF back end ignores it.
 */

/** Stroke and fill of a primitive; absent means none. */
export interface Paint {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  /** Dash and gap lengths, user units. */
  dash?: readonly number[];
  opacity?: number;
}

/** A class name and data attributes for the SVG back end. */
export interface Meta {
  cls: string;
  data?: Readonly<Record<string, string | number>>;
}

export interface RectPrimitive extends Paint {
  type: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  meta?: Meta;
}

export interface LinePrimitive extends Paint {
  type: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  meta?: Meta;
}

export interface CirclePrimitive extends Paint {
  type: 'circle';
  cx: number;
  cy: number;
  r: number;
  meta?: Meta;
}

/** Centred text; `y` is the baseline. */
export interface TextPrimitive {
  type: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  bold: boolean;
  fill: string;
  meta?: Meta;
}

/** A path of absolute moves, lines and quadratic curves: `M x y`, `L x y`, `Q cx cy x y`, `Z`. */
export type PathCommand =
  | { op: 'M' | 'L'; x: number; y: number }
  | { op: 'Q'; cx: number; cy: number; x: number; y: number }
  | { op: 'Z' };

export interface PathPrimitive extends Paint {
  type: 'path';
  commands: readonly PathCommand[];
  meta?: Meta;
}

export type Primitive = RectPrimitive | LinePrimitive | CirclePrimitive | TextPrimitive | PathPrimitive;

import type { FontOutlines } from './glyphs.js';

/** A whole picture: its size and its primitives, painted in order. */
export interface Scene {
  width: number;
  height: number;
  /** Font families for the SVG back end (a CSS font-family list). */
  fontFamily: string;
  /** A title for assistive technology (SVG `<title>`), optional. */
  title?: string;
  primitives: Primitive[];
  /** When set, the SVG back end writes text as these outlines instead of `<text>`. */
  glyphs?: FontOutlines;
}
