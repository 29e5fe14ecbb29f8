import { Option, type Command } from 'commander';
import { formatGrid } from '../core/grid.js';
import { toFpuzzles } from '../formats/fpuzzles.js';
import { isVariantRecord } from '../formats/reader.js';
import { classicRules } from '../rules/constructors.js';
import { checkInputFiles, readAnyInputs } from './input.js';
import { EXIT, type CliIo, type CommandState } from './io.js';
import { invalidLine, recordFields } from './json.js';
import { inputsName, LineWriter, terminalSafe, where } from './output.js';
import { AnyCounter, solvedLine, valuesGrid, variantFields } from './variants.js';

interface SolveOptions {
  format: 'line' | 'grid' | 'json' | 'fpuzzles';
  json: boolean;
  first: boolean;
}

export function registerSolve(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('solve')
    .description('Print the solution of each puzzle. Puzzles with no solution or several are reported on stderr.')
    .argument('[files...]', 'puzzle files (standard input when none, or -)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['line', 'grid', 'json', 'fpuzzles']).default('line'))
    .option('--json', 'the same as --format json', false)
    .option('--first', 'print the first solution found even when the puzzle has several', false)
    .addHelpText(
      'after',
      `
Output:
  line   the 81-digit solution per puzzle, followed by the puzzle's label if it has one; a
         variant's as the solved puzzle in its own form (see below)
  grid   a 9x9 grid per puzzle under a "# file:line" header
  json   one JSON object per line (also --json): type "puzzle", source, line, label, puzzle,
         status (unique, multiple, none, invalid), solution (as line writes it, without the
         label); code and error when not solved; a variant's line also has "variant" and "rules"
  fpuzzles  the puzzle as f-puzzles JSON with its "solution", one object per line (not Samurai)

Any format may be mixed in one file: classic lines and grids, variant lines (killer:..., 6x6:...,
x:..., a jigsaw as GIVENS LAYOUT), f-puzzles JSON (a line each, or one object over several lines),
its lz-string base64 or link, and Simon Tatham's Solo game IDs. A variant's solution is written
as its variant line with the solution as givens (6x6:..., killer:... cages=... sums=..., a jigsaw
as GIVENS LAYOUT or jigsaw:... as it was read), so check, solve and draw read it back under the
same rules; a killer of more than 62 cages as an f-puzzles object on one line. -f grid prints
its rows (1-9 then A-G), -f fpuzzles the f-puzzles object with its "solution".

Exit code 0 when every puzzle was solved with a unique solution, 1 otherwise (or when the input
holds no puzzle), 2 for usage errors.

Examples:
  $ sudoku-press solve puzzles.txt
  $ echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | sudoku-press solve -f grid
  $ sudoku-press solve --first --format json many-solutions.txt
  $ sudoku-press solve --format fpuzzles killers.txt`,
    )
    .action(async (files: string[], options: SolveOptions) => {
      checkInputFiles(files);
      if (options.json) options.format = 'json';
      const out = new LineWriter(io.stdout);
      const counter = new AnyCounter();
      const classic9 = classicRules(9);
      let failures = 0;
      let records = 0;
      for await (const record of readAnyInputs(files, io)) {
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
        const puzzle = record.puzzle;
        const { label, source, line } = puzzle;
        const variant = isVariantRecord(puzzle);
        const rules = variant ? puzzle.rules : classic9;
        const givens = variant ? puzzle.givens : puzzle.grid;
        const count = counter.count(rules, givens, 2);
        const status = count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple';
        const printable = count === 1 || (count > 1 && options.first);
        if (count !== 1) failures++;
        const solution = printable ? counter.solve(rules, givens) : null;
        if (options.format === 'json') {
          await out.line(
            JSON.stringify({
              type: 'puzzle',
              ...(variant ? variantFields(puzzle) : recordFields(puzzle)),
              status,
              solution: solution === null ? null : variant ? solvedLine(puzzle, solution, { label: false }) : formatGrid(solution),
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
        if (options.format === 'fpuzzles') {
          let text: string;
          try {
            text = JSON.stringify(toFpuzzles({ rules, givens }, { solution: solution!, title: label }));
          } catch (error) {
            if (!(error instanceof RangeError)) throw error;
            failures++;
            io.stderr.write(`${terminalSafe(where(source, line))}: ${error.message}\n`);
            continue;
          }
          await out.line(text);
        } else if (options.format === 'grid') {
          await out.line(`# ${where(source, line)}${label === undefined ? '' : ` ${label}`}${count > 1 ? ' (first of several solutions)' : ''}`);
          await out.line(variant ? valuesGrid(rules, solution!) : formatGrid(solution!, { style: 'grid' }));
          await out.line('');
        } else {
          await out.line(variant ? solvedLine(puzzle, solution!) : label === undefined ? formatGrid(solution!) : `${formatGrid(solution!)} ${label}`);
        }
      }
      await out.flush();
      if (records === 0) {
        io.stderr.write(`sudoku-press: no puzzle found in ${inputsName(files)}\n`);
        failures++;
      }
      state.exitCode = failures === 0 ? EXIT.ok : EXIT.failure;
    });
}
