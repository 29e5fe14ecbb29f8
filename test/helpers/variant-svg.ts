/**
 * Variant boards for the drawing tests (made by the variant generator, fixed seed) and a reader of
 * what their SVG holds: lines, cage paths, sum boxes and digit boxes, as plain geometry.
 */
import { generateVariant } from '../../src/generator/variants/index.js';
import type { Rules } from '../../src/rules/index.js';

export const DRAWN_VARIANTS = ['4x4', '6x6', '8x8', '12x12', '16x16', 'jigsaw', 'x', 'windoku', 'killer', 'oddeven', 'samurai'] as const;

export interface DrawnPuzzle {
  variant: string;
  rules: Rules;
  givens: Uint8Array;
  solution: Uint8Array;
}

const cache = new Map<string, DrawnPuzzle>();

/** One puzzle of the variant (seed 'draw', index 1): the same every run. */
export function variantPuzzle(variant: (typeof DRAWN_VARIANTS)[number]): DrawnPuzzle {
  let p = cache.get(variant);
  if (!p) {
    const made = generateVariant({ variant, seed: 'draw', index: 1 });
    p = { variant, rules: made.rules, givens: made.givens, solution: made.solution };
    cache.set(variant, p);
  }
  return p;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export type Segment = [number, number, number, number];

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function tags(svg: string, element: string, cls: string): string[] {
  return [...svg.matchAll(new RegExp(`<${element} class="${cls}"[^>]*>`, 'g'))].map((m) => m[0]);
}

/** Line elements of a class as segments. */
export function linesOf(svg: string, cls: string): Segment[] {
  return tags(svg, 'line', cls).map((t) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(attr(t, k))) as Segment);
}

/** Every M..L segment of the paths of a class, by path. */
export function pathSegments(svg: string, cls: string): { data: Record<string, string>; segments: Segment[] }[] {
  return tags(svg, 'path', cls).map((t) => {
    const d = attr(t, 'd') ?? '';
    const segments: Segment[] = [];
    for (const m of d.matchAll(/M([-\d.]+) ([-\d.]+)L([-\d.]+) ([-\d.]+)/g)) segments.push([Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
    const data: Record<string, string> = {};
    for (const m of t.matchAll(/data-([a-z]+)="([^"]*)"/g)) data[m[1]!] = m[2]!;
    return { data, segments };
  });
}

/** The white knock-outs behind cage sums. */
export function sumBoxes(svg: string): Box[] {
  return tags(svg, 'rect', 'cage-sum-box').map((t) => {
    const x = Number(attr(t, 'x'));
    const y = Number(attr(t, 'y'));
    return { x0: x, y0: y, x1: x + Number(attr(t, 'width')), y1: y + Number(attr(t, 'height')) };
  });
}

/** Texts of a class: their text and a box around the glyphs (digits are at most 0.64 em wide, 0.73 em high). */
export function textsOf(svg: string, cls: string): { text: string; box: Box }[] {
  return [...svg.matchAll(new RegExp(`<text class="${cls}"[^>]*>([^<]*)</text>`, 'g'))].map((m) => {
    const t = m[0];
    const x = Number(attr(t, 'x'));
    const y = Number(attr(t, 'y'));
    const size = Number(attr(t, 'font-size'));
    const half = (m[1]!.length * 0.64 * size) / 2;
    return { text: m[1]!, box: { x0: x - half, y0: y - 0.73 * size, x1: x + half, y1: y } };
  });
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Whether a segment passes through the inside of a box (Liang-Barsky). */
export function segmentHitsBox([x1, y1, x2, y2]: Segment, b: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  for (const [p, q] of [
    [-dx, x1 - b.x0],
    [dx, b.x1 - x1],
    [-dy, y1 - b.y0],
    [dy, b.y1 - y1],
  ] as const) {
    if (p === 0) {
      if (q <= 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
  }
  return t1 - t0 > 1e-9;
}

/** Cell geometry of a drawing of `size` px without coordinates (the drawing's own rule, restated). */
export function cellGeometry(rules: Rules, size: number): { c: number; left: number; top: number } {
  const pad = size * 0.012;
  const span = Math.max(rules.width, rules.height);
  const c = (size - 2 * pad) / span;
  return { c, left: pad + ((span - rules.width) * c) / 2, top: pad + ((span - rules.height) * c) / 2 };
}

/** Whether a point lies on one of the axis-aligned segments (within `tolerance`). */
export function onSomeLine(x: number, y: number, lines: readonly Segment[], tolerance = 0.02): boolean {
  return lines.some(([x1, y1, x2, y2]) => x >= Math.min(x1, x2) - tolerance && x <= Math.max(x1, x2) + tolerance && y >= Math.min(y1, y2) - tolerance && y <= Math.max(y1, y2) + tolerance);
}
