import type { Command } from 'commander';
import { Solver } from '../solver/index.js';
import { checkInputFiles, readInputs } from './input.js';
import { EXIT, type CliIo, type CommandState } from './io.js';
import { invalidLine, recordFields, type Status } from './json.js';
import { LineWriter, where } from './output.js';
import { Progress } from './progress.js';

interface CheckOptions {
  json: boolean;
  quiet: boolean;
}

export function registerCheck(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('check')
    .description('Verify that every puzzle has exactly one solution: unique, multiple, none or invalid per puzzle, then a summary.')
    .argument('[files...]', 'puzzle files (standard input when none, or -)')
    .option('--json', 'one JSON object per line ("type": "puzzle", then one "type": "summary")', false)
    .option('-q, --quiet', 'print only the puzzles that are not unique, and the summary', false)
    .addHelpText(
      'after',
      `
Exit code 0 only when every puzzle is unique, 1 when any is not (or no puzzle was found),
2 for usage errors. Files of any size are streamed; progress is shown on a terminal.

Examples:
  $ sudoku-press check puzzles.txt
  $ sudoku-press check -q book/*.txt
  $ cat puzzles.txt | sudoku-press check --json`,
    )
    .action(async (files: string[], options: CheckOptions) => {
      checkInputFiles(files);
      const out = new LineWriter(io.stdout);
      const progress = new Progress(io, 'checked');
      const solver = new Solver();
      const counts: Record<Exclude<Status, 'graded'>, number> = { unique: 0, multiple: 0, none: 0, invalid: 0 };
      const started = performance.now();
      let total = 0;
      for await (const record of readInputs(files, io)) {
        total++;
        if (!record.ok) {
          counts.invalid++;
          const { source, line, reason } = record.error;
          await out.line(options.json ? invalidLine(record.error) : `${where(source, line)}: invalid: ${reason}`);
        } else {
          const { grid, label, source, line } = record.puzzle;
          const count = solver.count(grid, 2);
          const status = count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple';
          counts[status]++;
          if (!(options.quiet && status === 'unique')) {
            await out.line(
              options.json
                ? JSON.stringify({ type: 'puzzle', ...recordFields(record.puzzle), status })
                : `${where(source, line)}: ${status}${label === undefined ? '' : `  ${label}`}`,
            );
          }
        }
        progress.update(total);
      }
      progress.clear();
      const seconds = (performance.now() - started) / 1000;
      if (options.json) {
        await out.line(JSON.stringify({ type: 'summary', puzzles: total, ...counts, seconds: round(seconds, 3) }));
      } else {
        const rate = total / Math.max(seconds, 1e-6);
        await out.line(
          `checked ${total} puzzle${total === 1 ? '' : 's'} in ${seconds.toFixed(2)} s (${Math.round(rate)}/s): ` +
            `${counts.unique} unique, ${counts.multiple} multiple, ${counts.none} none, ${counts.invalid} invalid`,
        );
      }
      await out.flush();
      if (total === 0) io.stderr.write('sudoku-press: no puzzles found in the input\n');
      state.exitCode = total > 0 && counts.unique === total ? EXIT.ok : EXIT.failure;
    });
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
