import { createWriteStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { boardFromGrid, applyStep, cloneBoard } from '../../src/core/board.js';
import { parsePuzzle } from '../../src/core/parse.js';
import { gradeWithPath } from '../../src/grader/grade.js';
import { boardScene, sceneToSvg } from '../../src/draw/index.js';
import { paintScene, DEFAULT_SCENE_FONTS } from '../../src/render/board-pdf.js';
const require = createRequire('/tmp/s2p/');
const SVGtoPDF = require('svg-to-pdfkit');
const grid = parsePuzzle('1...2...5.6.....1.9.4...3.6...1.9...2.......4...253.....7...8..8.1.9.5.75...8...3');
const { steps } = gradeWithPath(grid);
const board = boardFromGrid(grid);
const scenes = [];
for (const step of steps) {
    scenes.push(boardScene({ givens: grid, ...cloneBoard(board) }, { step, size: 360 }));
    applyStep(board, step);
}
console.log('boards', scenes.length);
async function run(kind, out) {
    const doc = new PDFDocument({ autoFirstPage: false, font: DEFAULT_SCENE_FONTS.regular, compress: true });
    const sink = new PassThrough();
    let bytes = 0;
    sink.on('data', (b) => bytes += b.length);
    if (out)
        doc.pipe(createWriteStream(out));
    else
        doc.pipe(sink);
    const t = performance.now();
    for (const s of scenes) {
        doc.addPage({ size: [360, 360], margin: 0 });
        if (kind === 'scene')
            paintScene(doc, s, { x: 0, y: 0, width: 360 });
        else
            SVGtoPDF(doc, sceneToSvg(s), 0, 0, { fontCallback: (_f, bold) => bold ? DEFAULT_SCENE_FONTS.bold : DEFAULT_SCENE_FONTS.regular });
    }
    doc.end();
    await new Promise((r) => setTimeout(r, 50));
    return [performance.now() - t, bytes];
}
const res = { scene: [], svg: [] };
for (let round = 0; round < 5; round++)
    for (const k of (round % 2 ? ['svg', 'scene'] : ['scene', 'svg'])) {
        const [ms, b] = await run(k);
        res[k].push(ms);
        if (round === 0)
            console.log(k, 'bytes', b);
    }
for (const k of ['scene', 'svg']) {
    const a = res[k].sort((x, y) => x - y);
    console.log(k, 'median ms', a[2].toFixed(0), 'per board', (a[2] / scenes.length).toFixed(2));
}
await run('scene', 'out/scratch/scene.pdf');
await run('svg', 'out/scratch/svg2pdf.pdf');
