import { writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { boardFromGrid, applyStep, cloneBoard } from '../../src/core/board.js';
import { parsePuzzle } from '../../src/core/parse.js';
import { gradeWithPath } from '../../src/grader/grade.js';
import { drawBoard } from '../../src/draw/index.js';
import { describeStep } from '../../src/grader/explain.js';
const puzzle = process.argv[2];
const want = process.argv[3] ?? 'forcing';
const grid = parsePuzzle(puzzle);
const { steps } = gradeWithPath(grid);
const board = boardFromGrid(grid);
let n = 0;
for (const step of steps) {
    if (step.technique.includes(want) && n < 3) {
        const svg = drawBoard({ givens: grid, ...cloneBoard(board) }, { step, size: 540, layers: { coordinates: true, proofs: process.argv[4] === 'proofs' }, theme: process.argv[5] ?? 'color' });
        const png = new Resvg(svg, { font: { fontFiles: ['assets/fonts/dejavu/DejaVuSans.ttf', 'assets/fonts/dejavu/DejaVuSans-Bold.ttf'], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
        writeFileSync(`out/scratch/${want}-${n}.png`, png);
        writeFileSync(`out/scratch/${want}-${n}.svg`, svg);
        console.log(n, step.technique, describeStep(step), JSON.stringify(step.chains?.map(c => c.nodes.length)));
        n++;
    }
    applyStep(board, step);
}
