import { Option, type Command } from 'commander';
import { formatGrid } from '../core/grid.js';
import { Solver } from '../solver/index.js';
import { checkInputFiles, readInputs } from './input.js';
import { EXIT, type CliIo, type CommandState } from './io.js';
import { invalidLine, recordFields } from './json.js';
import { LineWriter, terminalSafe, where } from './output.js';

interface SolveOptions {
  format: 'line' | 'grid' | 'json';
  json: boolean;
  first: boolean;
}

export function registerSolve(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('solve')
    .description('Print the solution of each puzzle. Puzzles with no solution or several are reported on stderr.')
    .argument('[files...]', 'puzzle files (standard input when none, or -)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['line', 'grid', 'json']).default('line'))
    .option('--json', 'the same as --format json', false)
    .option('--first', 'print the first solution found even when the puzzle has several', false)
    .addHelpText(
      'after',
      `
Output:
  line   the 81-digit solution per puzzle, followed by the puzzle's label if it has one
  grid   a 9x9 grid per puzzle under a "# file:line" header
  json   one JSON object per line (also --json): type "puzzle", source, line, label, puzzle,
         status (unique, multiple, none, invalid), solution; code and error when not solved

Exit code 0 when every puzzle was solved with a unique solution, 1 otherwise (or when the input
holds no puzzle), 2 for usage errors.

Examples:
  $ sudoku-press solve puzzles.txt
  $ echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | sudoku-press solve -f grid
  $ sudoku-press solve --first --format json many-solutions.txt`,
    )
    .action(async (files: string[], options: SolveOptions) => {
      checkInputFiles(files);
      if (options.json) options.format = 'json';
      const out = new LineWriter(io.stdout);
      const solver = new Solver();
      let failures = 0;
      let records = 0;
      for await (const record of readInputs(files, io)) {
        records++;
        if (!record.ok) {
          failures++;
          const error = record.error;
          if (options.format === 'json') {
            await out.line(invalidLine(error));
          } else {
            io.stderr.write(`${terminalSafe(error.message)} (invalid)\n`);
          }
          continue;
        }
        const { grid, label, source, line } = record.puzzle;
        const count = solver.count(grid, 2);
        const status = count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple';
        const printable = count === 1 || (count > 1 && options.first);
        if (count !== 1) failures++;
        if (options.format === 'json') {
          await out.line(
            JSON.stringify({
              type: 'puzzle',
              ...recordFields(record.puzzle),
              status,
              solution: printable ? formatGrid(solver.solution) : null,
              ...(printable ? {} : count === 0 ? { code: 'NO_SOLUTION', error: 'no solution' } : { code: 'MULTIPLE_SOLUTIONS', error: 'several solutions (--first prints one)' }),
            }),
          );
          continue;
        }
        if (!printable) {
          const why = count === 0 ? 'no solution' : 'several solutions (--first prints one)';
          io.stderr.write(`${terminalSafe(where(source, line))}: ${why}\n`);
          continue;
        }
        if (count > 1) io.stderr.write(`${terminalSafe(where(source, line))}: several solutions; printing the first found\n`);
        if (options.format === 'grid') {
          await out.line(`# ${where(source, line)}${label === undefined ? '' : ` ${label}`}${count > 1 ? ' (first of several solutions)' : ''}`);
          await out.line(formatGrid(solver.solution, { style: 'grid' }));
          await out.line('');
        } else {
          await out.line(label === undefined ? formatGrid(solver.solution) : `${formatGrid(solver.solution)} ${label}`);
        }
      }
      await out.flush();
      if (records === 0) {
        io.stderr.write(`sudoku-press: no puzzle found in ${terminalSafe(files.length > 0 ? files.join(', ') : 'standard input')}\n`);
        failures++;
      }
      state.exitCode = failures === 0 ? EXIT.ok : EXIT.failure;
    });
}
