import { describe, expect, it } from 'vitest';
import { boardFromGrid, applyStep } from '../src/core/board.js';
import { parsePuzzle } from '../src/core/parse.js';
import { drawBoard } from '../src/draw/index.js';
import { gradeWithPath } from '../src/grader/grade.js';
import { BoardPacker, UNPACK_SCRIPT } from '../src/pages/board-pack.js';

// SE 8.5, forcing chains on its path (the explain page test's puzzle).
const CHAINED = '1...2...5.6.....1.9.4...3.6...1.9...2.......4...253.....7...8..8.1.9.5.75...8...3';

/** The page script's functions, run as the page runs them. */
const unpack = new Function(`${UNPACK_SCRIPT}; return { readBoards: readBoards, unpackBoard: unpackBoard };`)() as {
  readBoards(text: string): unknown;
  unpackBoard(data: unknown, k: number): string;
};

describe('packed boards of an explain page', () => {
  it('give back every board byte for byte, in far fewer bytes', () => {
    const givens = parsePuzzle(CHAINED);
    const board = boardFromGrid(givens);
    const svgs: string[] = [];
    for (const step of gradeWithPath(givens).steps) {
      svgs.push(drawBoard({ givens, values: board.values, candidates: board.candidates }, { size: 460, step, layers: { coordinates: true, proofs: true } }));
      applyStep(board, step);
    }
    const packer = new BoardPacker();
    const numbers = svgs.map((svg) => packer.add(svg));
    expect(numbers).toEqual(svgs.map((_, k) => k));
    const text = packer.text();
    const data = unpack.readBoards(text);
    svgs.forEach((svg, k) => expect(unpack.unpackBoard(data, k)).toBe(svg));
    const whole = svgs.reduce((sum, svg) => sum + svg.length, 0);
    expect(text.length).toBeLessThan(whole / 5);
  });

  it('keeps runs and single lines apart, and repeats nothing', () => {
    const packer = new BoardPacker();
    packer.add('a\nb\nc\nd');
    packer.add('a\nx\nc\nd\nb');
    expect(packer.text()).toBe('0-3 0,4,2-3,1\n\na\nb\nc\nd\nx');
  });

  it('writes a paint tail shared by several lines once', () => {
    const packer = new BoardPacker();
    const tail = ' fill="none" stroke="#d93025"/>';
    const board = [`<path d="M1 2"${tail}`, `<path d="M3 4"${tail}`, '<rect x="1" fill="#fff"/>'].join('\n');
    packer.add(board);
    const text = packer.text();
    expect(text).toBe(`0-2\n${tail}\n<path d="M1 2"\t0\n<path d="M3 4"\t0\n<rect x="1" fill="#fff"/>`);
    expect(unpack.unpackBoard(unpack.readBoards(text), 0)).toBe(board);
  });

  it.each(['<text>x</SCRIPT></text>', '<text><!-- x</text>', '<text>a\tb</text>'])('refuses a line it cannot embed: %j', (line) => {
    const packer = new BoardPacker();
    packer.add(line);
    expect(() => packer.text()).toThrow(/cannot go into a script block/);
  });
});
