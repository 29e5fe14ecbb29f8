/**
 * A board picture as a file's bytes: SVG, PNG (resvg, digits as outlines so no font is loaded per
 * image) or a one-page PDF (pdfkit with the fonts embedded). Node shell: imports resvg and pdfkit.
 */
import { Writable } from 'node:stream';
import { Resvg } from '@resvg/resvg-js';
import { boardScene, sceneToSvg } from '../draw/index.js';
import { DEFAULT_SCENE_FONTS, writeScenePdf } from './board-pdf.js';
import { loadFontOutlines } from './font-outlines.js';
/** A fixed date for reproducible PDFs (the same as the books'). */
const PICTURE_DATE = new Date(Date.UTC(2025, 0, 1));
/** The bytes of one picture file. */
export async function renderPicture(picture, options) {
    const fonts = options.fonts ?? DEFAULT_SCENE_FONTS;
    const outlines = loadFontOutlines(fonts);
    const { format, fonts: _fonts, pdfWidth, creationDate, ...draw } = options;
    const fontFamily = `${outlines.family}, DejaVu Sans, Verdana, Arial, sans-serif`;
    if (format === 'svg')
        return new TextEncoder().encode(sceneToSvg(boardScene(picture, { ...draw, fontFamily })));
    if (format === 'png') {
        const svg = sceneToSvg(boardScene(picture, { ...draw, fontFamily, glyphs: outlines }));
        // No font database at all: the digits are paths, so nothing can depend on the machine's fonts.
        return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
    }
    const scene = boardScene(picture, { ...draw, fontFamily });
    const chunks = [];
    const sink = new Writable({
        write(chunk, _encoding, done) {
            chunks.push(chunk);
            done();
        },
    });
    await writeScenePdf(scene, sink, { width: pdfWidth ?? (scene.width * 72) / 96, fonts, creationDate: creationDate ?? PICTURE_DATE });
    return Buffer.concat(chunks);
}
