import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { drawBoard } from '../../src/draw/index.js';
const lines = readFileSync('/work/shared/data/top95.txt', 'utf8').split('\n').filter((l) => l.length >= 81);
const svgs = lines.map((l) => drawBoard({ givens: l.slice(0, 81) }, { size: 600 }));
const files = ['assets/fonts/dejavu/DejaVuSans.ttf', 'assets/fonts/dejavu/DejaVuSans-Bold.ttf'];
const buffers = files.map((f) => readFileSync(f));
for (const mode of ['files', 'buffers', 'files', 'buffers']) {
    const t = performance.now();
    let bytes = 0;
    for (const svg of svgs) {
        const font = mode === 'files' ? { fontFiles: files, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } : { fontBuffers: buffers, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' };
        bytes += new Resvg(svg, { font }).render().asPng().length;
    }
    console.log(mode, ((performance.now() - t) / svgs.length).toFixed(2), 'ms/png', Math.round(bytes / svgs.length), 'bytes');
}
