/**
 * Where a PDF puts ink, read back with pdfjs-dist: every text item and every path's box, in PDF space
 * (points, y up from the bottom of the sheet), with the transforms of the content stream applied.
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface InkBox {
  kind: 'text' | 'path';
  /** The text, or the painting operator of a path (`stroke`, `fill`; `dashed` for a stroke under a dash pattern). */
  what: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface InkPage {
  width: number;
  height: number;
  boxes: InkBox[];
  /** Font names (and whether embedded) used on the page. */
  fonts: { name: string; embedded: boolean }[];
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: Matrix): Matrix {
  // n applied first, then m (PDF's `cm` pre-multiplies the current matrix).
  return [
    n[0] * m[0] + n[1] * m[2],
    n[0] * m[1] + n[1] * m[3],
    n[2] * m[0] + n[3] * m[2],
    n[2] * m[1] + n[3] * m[3],
    n[4] * m[0] + n[5] * m[2] + m[4],
    n[4] * m[1] + n[5] * m[3] + m[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Reads every page's ink boxes. Text boxes run from the descender (0.25 em) to the cap height (0.75 em). */
export async function readInk(path: string): Promise<InkPage[]> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), verbosity: 0 }).promise;
  const pages: InkPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [vx0, vy0, vx1, vy1] = page.view as [number, number, number, number];
    const boxes: InkBox[] = [];
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [a, b, c, d, e, f] = item.transform as Matrix;
      const size = Math.hypot(c, d);
      const vertical = Math.abs(b) > Math.abs(a);
      if (vertical) {
        // Text running down (or up) the page, e.g. a spine: its advance is along y.
        const sign = b < 0 ? -1 : 1;
        const up = Math.sign(c || 1); // glyphs rise along (c, d)
        const across = [e - 0.25 * size * up, e + 0.75 * size * up];
        boxes.push({ kind: 'text', what: item.str, x0: Math.min(...across), x1: Math.max(...across), y0: Math.min(f, f + sign * item.width), y1: Math.max(f, f + sign * item.width) });
      } else {
        boxes.push({ kind: 'text', what: item.str, x0: e, x1: e + item.width, y0: f - 0.25 * size, y1: f + 0.75 * size });
      }
    }
    const ops = await page.getOperatorList();
    const fonts: InkPage['fonts'] = [];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    let lineWidth = 1;
    const widths: number[] = [];
    let dashed = false;
    const dashes: boolean[] = [];
    let pending: { x0: number; y0: number; x1: number; y1: number } | null = null;
    ops.fnArray.forEach((fn, i) => {
      const args = ops.argsArray[i] as unknown[];
      if (fn === OPS.save) {
        stack.push(ctm);
        widths.push(lineWidth);
        dashes.push(dashed);
      } else if (fn === OPS.restore) {
        ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
        lineWidth = widths.pop() ?? 1;
        dashed = dashes.pop() ?? false;
      } else if (fn === OPS.transform) {
        ctm = multiply(ctm, args as unknown as Matrix);
      } else if (fn === OPS.setDash) {
        dashed = ((args[0] as number[] | undefined) ?? []).length > 0;
      } else if (fn === OPS.setLineWidth) {
        lineWidth = args[0] as number;
      } else if (fn === OPS.setFont) {
        const font = page.commonObjs.get(args[0] as string) as { name: string; missingFile: boolean };
        fonts.push({ name: font.name, embedded: !font.missingFile });
      } else if (fn === OPS.constructPath) {
        const minMax = args[2] as number[];
        const corners = [apply(ctm, minMax[0]!, minMax[1]!), apply(ctm, minMax[2]!, minMax[3]!), apply(ctm, minMax[0]!, minMax[3]!), apply(ctm, minMax[2]!, minMax[1]!)];
        const xs = corners.map((p) => p[0]);
        const ys = corners.map((p) => p[1]);
        const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
        pending = pending ? { x0: Math.min(pending.x0, box.x0), y0: Math.min(pending.y0, box.y0), x1: Math.max(pending.x1, box.x1), y1: Math.max(pending.y1, box.y1) } : box;
      } else if (pending && (fn === OPS.stroke || fn === OPS.fill || fn === OPS.eoFill || fn === OPS.fillStroke || fn === OPS.closeStroke || fn === OPS.endPath)) {
        const half = fn === OPS.fill || fn === OPS.eoFill || fn === OPS.endPath ? 0 : (lineWidth * Math.hypot(ctm[0], ctm[1])) / 2;
        if (fn !== OPS.endPath) {
          boxes.push({ kind: 'path', what: fn === OPS.fill || fn === OPS.eoFill ? 'fill' : dashed ? 'dashed' : 'stroke', x0: pending.x0 - half, y0: pending.y0 - half, x1: pending.x1 + half, y1: pending.y1 + half });
        }
        pending = null;
      }
    });
    pages.push({ width: vx1 - vx0, height: vy1 - vy0, boxes, fonts });
  }
  await doc.destroy();
  return pages;
}

/** The decompressed content streams of a PDF written by pdfkit (latin1). */
export function contentStreams(bytes: Buffer): string[] {
  const text = bytes.toString('latin1');
  const streams: string[] = [];
  const pattern = /<<\n\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    streams.push(inflateSync(bytes.subarray(start, start + Number(match[1]))).toString('latin1'));
  }
  return streams;
}
