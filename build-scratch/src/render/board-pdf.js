/**
 * The PDF back end of the board drawing: paints a {@link Scene} (src/draw) with pdfkit, so a
 * board in a PDF is the very picture the SVG shows (same primitives, same geometry), in vectors
 * with embedded DejaVu glyphs. Chosen over converting the SVG text (svg-to-pdfkit) because the
 * scene is already a handful of primitive kinds: no SVG parser, no unmaintained dependency that
 * pins its own pdfkit, and several times faster (bench/draw.ts measures both paths).
 */
import PDFDocument from 'pdfkit';
import { join } from 'node:path';
import { packageRoot } from '../core/package-root.js';
const FONT_DIR = join(packageRoot(), 'assets', 'fonts', 'dejavu');
/** The bundled DejaVu Sans, the font of every picture unless another is asked for. */
export const DEFAULT_SCENE_FONTS = {
    regular: join(FONT_DIR, 'DejaVuSans.ttf'),
    bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
};
function applyPaint(doc, paint) {
    const fill = paint.fill !== undefined && paint.fill !== 'none';
    const stroke = paint.stroke !== undefined;
    if (fill)
        doc.fillColor(paint.fill, paint.opacity ?? 1);
    if (stroke) {
        doc.strokeColor(paint.stroke, paint.opacity ?? 1);
        doc.lineWidth(paint.strokeWidth ?? 1);
        if (paint.dash && paint.dash.length > 0)
            doc.dash(paint.dash[0], { space: paint.dash[1] ?? paint.dash[0] });
        else
            doc.undash();
    }
    return fill && stroke ? 'fillAndStroke' : fill ? 'fill' : stroke ? 'stroke' : null;
}
function finish(doc, how) {
    if (how === 'fill')
        doc.fill();
    else if (how === 'stroke')
        doc.stroke();
    else if (how === 'fillAndStroke')
        doc.fillAndStroke();
}
function paintPrimitive(doc, p, fonts) {
    if (p.type === 'text') {
        doc.font(p.bold ? fonts.bold : fonts.regular).fontSize(p.size).fillColor(p.fill, 1);
        const width = doc.widthOfString(p.text);
        doc.text(p.text, p.x - width / 2, p.y, { baseline: 'alphabetic', lineBreak: false });
        return;
    }
    doc.save();
    const how = applyPaint(doc, p);
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
                if (c.op === 'M')
                    doc.moveTo(c.x, c.y);
                else if (c.op === 'L')
                    doc.lineTo(c.x, c.y);
                else if (c.op === 'Q')
                    doc.quadraticCurveTo(c.cx, c.cy, c.x, c.y);
                else
                    doc.closePath();
            }
            break;
    }
    finish(doc, how);
    doc.restore();
}
/** Paints a scene on the current page of a pdfkit document, scaled to `options.width` points. */
export function paintScene(doc, scene, options) {
    const fonts = options.fonts ?? DEFAULT_SCENE_FONTS;
    doc.save();
    doc.translate(options.x, options.y);
    const scale = options.width / scene.width;
    doc.scale(scale);
    for (const p of scene.primitives)
        paintPrimitive(doc, p, fonts);
    doc.restore();
}
/** Writes a one-page PDF holding just the scene; resolves when the last byte is handed over. */
export async function writeScenePdf(scene, output, options) {
    const fonts = options.fonts ?? DEFAULT_SCENE_FONTS;
    const height = (options.width * scene.height) / scene.width;
    const doc = new PDFDocument({
        autoFirstPage: false,
        compress: true,
        font: fonts.regular, // never the standard Helvetica, which is not embedded
        pdfVersion: '1.4',
        info: { Title: options.title ?? scene.title ?? 'Sudoku', Creator: 'sudoku-press', Producer: 'sudoku-press (PDFKit)', CreationDate: options.creationDate },
    });
    const finished = new Promise((resolve, reject) => {
        output.once('finish', resolve);
        output.once('error', reject);
        doc.once('error', reject);
    });
    finished.catch(() => undefined);
    doc.pipe(output);
    doc.addPage({ size: [options.width, height], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    paintScene(doc, scene, { x: 0, y: 0, width: options.width, fonts });
    doc.end();
    await finished;
}
