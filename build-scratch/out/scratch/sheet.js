import { readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { boardFromGrid } from '../../src/core/board.js';
import { parsePuzzle } from '../../src/core/parse.js';
import { techniqueById } from '../../src/techniques/registry.js';
import { findForcingStep } from '../../src/techniques/forcing.js';
import { drawBoard } from '../../src/draw/index.js';
import { describeStep } from '../../src/grader/explain.js';
const ids = process.argv[2].split(',');
const theme = (process.argv[3] ?? 'color');
const proofs = process.argv[4] === 'proofs';
const files = ['basic', 'chains', 'uniqueness', 'exclusion', 'forcing'].map((f) => readFileSync(`test/fixtures/techniques-${f}.txt`, 'utf8').split('\n'));
const parts = [];
let i = 0;
for (const id of ids) {
    const line = files.flat().find((l) => l.startsWith(id + ' |'));
    const [, givens, pre] = line.split(' | ').map((s) => s.trim());
    const board = boardFromGrid(parsePuzzle(givens));
    if (pre !== '-')
        for (const t of pre.split(',')) {
            const m = /r(\d)c(\d)-(\d)/.exec(t);
            const cell = (+m[1] - 1) * 9 + +m[2] - 1;
            board.candidates[cell] &= ~(1 << (+m[3] - 1));
        }
    const def = techniqueById(id);
    const step = id.includes('forcing-chains') ? findForcingStep(id, board) : def.find(board, { uniqueness: true, chains: true });
    console.log(id, step ? describeStep(step) : 'NONE');
    const svg = drawBoard({ givens: givens, ...board }, { step: step, size: 400, theme, layers: { proofs } });
    parts.push(`<g transform="translate(${(i % 3) * 410},${Math.floor(i / 3) * 410})">${svg.replace(/<\?xml[^>]*>/, '')}</g>`);
    i++;
}
const rows = Math.ceil(ids.length / 3);
const sheet = `<svg xmlns="http://www.w3.org/2000/svg" width="1230" height="${rows * 410}">${parts.join('')}</svg>`;
writeFileSync('out/scratch/sheet.png', new Resvg(sheet, { font: { fontFiles: ['assets/fonts/dejavu/DejaVuSans.ttf', 'assets/fonts/dejavu/DejaVuSans-Bold.ttf'], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().asPng());
