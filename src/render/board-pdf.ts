/**
 * The PDF back end of the board drawing: paints a {@link Scene} (src/draw) with pdfkit, so a
 * board in a PDF is the very picture the SVG shows (same primitives, same geometry), in vectors
 * with embedded DejaVu glyphs. Chosen over converting the SVG text (svg-to-pdfkit) because the
 * scene is already a handful of primitive kinds: no SVG parser, no unmaintained dependency that
 * pins its own pdfkit, and several times faster (bench/draw.ts measures both paths).
 */
import { optionKeys, ownOptions } from '../core/errors.js';
import PDFDocument from 'pdfkit';
import type { Writable } from 'node:stream';
import { fontFile, parsedFont } from './fonts.js';
import type { Paint, Primitive, Scene } from '../draw/scene.js';

type Doc = PDFKit.PDFDocument;

/** Font files for the digits: regular and bold (TTF/OTF paths). */
export interface SceneFonts {
  regular: string;
  bold: string;
}

let defaultFonts: SceneFonts | undefined;

/**
 * The bundled DejaVu Sans, the font of every picture unless another is asked for (found on first
 * use, not at import: the package folder is looked up on disk).
 */
export function defaultSceneFonts(): SceneFonts {
  // Through fontFile: a missing file is named as an incomplete install, not as the output's fault.
  defaultFonts ??= { regular: fontFile('digits'), bold: fontFile('digitsBold') };
  return defaultFonts;
}

/** Where and how big a scene is painted on the current page. */
export interface PaintSceneOptions {
  /** Top-left corner on the page, in points. */
  x: number;
  y: number;
  /** Width of the picture on the page, in points (the height follows the scene's aspect). */
  width: number;
  fonts?: SceneFonts;
  /**
   * Paint every colour as a grey level (DeviceGray, by luminance) instead of RGB: for print
   * interiors that must be grayscale (the book's pages). Use with the grey theme.
   */
  gray?: boolean;
  /** The thinnest a line may print, in points (print rules ask 0.75 pt or more); default: as drawn. */
  minLineWidth?: number;
}

/** `#rrggbb` (or `#rgb`) as a grey level 0..1 by luminance; null for anything else. */
function grayOf(color: string): number | null {
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex === undefined) return null;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex!.slice(i, i + 2), 16) / 255) as [number, number, number];
  return Math.round((0.299 * r + 0.587 * g + 0.114 * b) * 1000) / 1000;
}

/** Sets a fill or stroke colour: RGB through pdfkit, or a DeviceGray operator in grey mode. */
function setColor(doc: Doc, color: string, opacity: number, stroke: boolean, gray: boolean): void {
  const level = gray ? grayOf(color) : null;
  if (level === null) {
    if (stroke) doc.strokeColor(color, opacity);
    else doc.fillColor(color, opacity);
    return;
  }
  doc.addContent(`${level} ${stroke ? 'G' : 'g'}`);
  if (stroke) doc.strokeOpacity(opacity);
  else doc.fillOpacity(opacity);
}

function applyPaint(doc: Doc, paint: Paint, gray: boolean, minWidth: number): 'fill' | 'stroke' | 'fillAndStroke' | null {
  const fill = paint.fill !== undefined && paint.fill !== 'none';
  const stroke = paint.stroke !== undefined;
  if (fill) setColor(doc, paint.fill!, paint.opacity ?? 1, false, gray);
  if (stroke) {
    setColor(doc, paint.stroke!, paint.opacity ?? 1, true, gray);
    doc.lineWidth(Math.max(paint.strokeWidth ?? 1, minWidth));
    if (paint.dash && paint.dash.length > 0) doc.dash(paint.dash[0]!, { space: paint.dash[1] ?? paint.dash[0]! });
    else doc.undash();
  }
  return fill && stroke ? 'fillAndStroke' : fill ? 'fill' : stroke ? 'stroke' : null;
}

function finish(doc: Doc, how: 'fill' | 'stroke' | 'fillAndStroke' | null): void {
  if (how === 'fill') doc.fill();
  else if (how === 'stroke') doc.stroke();
  else if (how === 'fillAndStroke') doc.fillAndStroke();
}

function paintPrimitive(doc: Doc, p: Primitive, fonts: SceneFonts, gray: boolean, minWidth: number): void {
  if (p.type === 'text') {
    doc.font(p.bold ? fonts.bold : fonts.regular).fontSize(p.size);
    setColor(doc, p.fill, 1, false, gray);
    const width = doc.widthOfString(p.text);
    doc.text(p.text, p.x - width / 2, p.y, { baseline: 'alphabetic', lineBreak: false });
    return;
  }
  doc.save();
  const how = applyPaint(doc, p, gray, minWidth);
  if (how === null) {
    doc.restore();
    return;
  }
  switch (p.type) {
    case 'rect':
      doc.rect(p.x, p.y, p.width, p.height);
      break;
    case 'line':
      doc.moveTo(p.x1, p.y1).lineTo(p.x2, p.y2);
      break;
    case 'circle':
      doc.circle(p.cx, p.cy, p.r);
      break;
    case 'path':
      doc.lineCap('round').lineJoin('round');
      for (const c of p.commands) {
        if (c.op === 'M') doc.moveTo(c.x, c.y);
        else if (c.op === 'L') doc.lineTo(c.x, c.y);
        else if (c.op === 'Q') doc.quadraticCurveTo(c.cx, c.cy, c.x, c.y);
        else doc.closePath();
      }
      break;
  }
  finish(doc, how);
  doc.restore();
}

const PAINT_SCENE_KEYS = optionKeys<PaintSceneOptions>({ x: true, y: true, width: true, fonts: true, gray: true, minLineWidth: true });

/** Paints a scene on the current page of a pdfkit document, scaled to `options.width` points. */
export function paintScene(doc: Doc, scene: Scene, options: PaintSceneOptions): void {
  options = ownOptions(options, PAINT_SCENE_KEYS, 'paint scene');
  const fonts = options.fonts ?? defaultSceneFonts();
  doc.save();
  doc.translate(options.x, options.y);
  const scale = options.width / scene.width;
  doc.scale(scale);
  // The least width in the scene's units: the scene is scaled by `scale` when painted.
  const minWidth = (options.minLineWidth ?? 0) / scale;
  for (const p of scene.primitives) paintPrimitive(doc, p, fonts, options.gray ?? false, minWidth);
  doc.restore();
}

/** Options of {@link writeScenePdf}. */
export interface ScenePdfOptions {
  /** Page width in points (1/72 inch); the page is as tall as the picture's aspect asks. */
  width: number;
  fonts?: SceneFonts;
  title?: string;
  /** Fixed, so that the same picture gives the same bytes. */
  creationDate: Date;
  /**
   * White around the picture, in points, inside the page's width. Default 4% of the width, at
   * least 6 pt: the board's frame then sits well in from the page's edge (a printer or viewer that
   * trims a point or two would cut it otherwise).
   */
  margin?: number;
}

const SCENE_PDF_KEYS = optionKeys<ScenePdfOptions>({ width: true, fonts: true, title: true, creationDate: true, margin: true });

/** Writes a one-page PDF holding just the scene; resolves when the last byte is handed over. */
export async function writeScenePdf(scene: Scene, output: Writable, options: ScenePdfOptions): Promise<void> {
  options = ownOptions(options, SCENE_PDF_KEYS, 'scene PDF');
  const fonts = options.fonts ?? defaultSceneFonts();
  const margin = Math.min(options.margin ?? Math.max(6, options.width * 0.04), options.width / 4);
  const inner = options.width - 2 * margin;
  const height = (inner * scene.height) / scene.width + 2 * margin;
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    // No default font (else the standard Helvetica, which is not embedded): the fonts are registered
    // under their file names below, parsed once per process, and chosen by those names.
    font: null as unknown as string,
    pdfVersion: '1.4',
    info: { Title: options.title ?? scene.title ?? 'Sudoku', Creator: 'sudoku-press', Producer: 'sudoku-press (PDFKit)', CreationDate: options.creationDate },
  });
  const finished = new Promise<void>((resolve, reject) => {
    output.once('finish', resolve);
    output.once('error', reject);
    doc.once('error', reject);
  });
  finished.catch(() => undefined);
  for (const file of new Set([fonts.regular, fonts.bold])) doc.registerFont(file, parsedFont(file) as unknown as PDFKit.Mixins.PDFFontSource);
  doc.font(fonts.regular);
  doc.pipe(output);
  doc.addPage({ size: [options.width, height], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
  paintScene(doc, scene, { x: margin, y: margin, width: inner, fonts });
  doc.end();
  await finished;
}
