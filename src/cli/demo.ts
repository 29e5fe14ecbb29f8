import type { Command } from 'commander';
import { clueCount, formatGrid } from '../core/grid.js';
import { parsePuzzle } from '../core/parse.js';
import { Solver } from '../solver/index.js';
import type { CliIo, CommandState } from './io.js';

/** A small built-in sample: two well-known puzzles and one with two solutions. */
const SAMPLE: ReadonlyArray<{ name: string; puzzle: string }> = [
  { name: 'a 17-clue puzzle', puzzle: '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...' },
  { name: "Norvig's hard1", puzzle: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' },
  { name: 'a puzzle with two solutions', puzzle: '8.........95.......76.........426798...571243...893165......916....3.487....1.532' },
];

export function registerDemo(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('demo', { hidden: true })
    .description('Solve and check a small built-in sample and say what was done.')
    .action(() => {
      const solver = new Solver();
      for (const { name, puzzle } of SAMPLE) {
        const grid = parsePuzzle(puzzle);
        const started = performance.now();
        const count = solver.count(grid, 2);
        const ms = performance.now() - started;
        const verdict = count === 1 ? 'exactly one solution' : count === 0 ? 'no solution' : 'more than one solution';
        io.stdout.write(`${name} (${clueCount(grid)} clues): ${verdict}, checked in ${ms.toFixed(2)} ms\n`);
        io.stdout.write(`${formatGrid(grid, { style: 'grid', empty: '.' })}\n`);
        if (count >= 1) io.stdout.write(`solution${count > 1 ? ' (first found)' : ''}:\n${formatGrid(solver.solution, { style: 'grid' })}\n`);
        io.stdout.write('\n');
      }
      io.stdout.write('Try: npx sudoku-press check <file>, npx sudoku-press solve <file>, npx sudoku-press --help\n');
      state.exitCode = 0;
    });
}
