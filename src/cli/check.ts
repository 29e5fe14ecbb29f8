import type { Command } from 'commander';
import { formatGrid } from '../core/grid.js';
import { Solver } from '../solver/index.js';
import { checkInputFiles, readInputs } from './input.js';
import { EXIT, type CliIo, type CommandState } from './io.js';
import { LineWriter, ProgressLine, where } from './output.js';
import { addRepairOptions, explainLines, repairOptionsFrom, type RepairCliOptions } from './repair.js';
import { cellName } from '../core/tables.js';

interface CheckOptions extends RepairCliOptions {
  json: boolean;
  quiet: boolean;
  explain: boolean;
}

type Status = 'unique' | 'multiple' | 'none' | 'invalid';

export function registerCheck(program: Command, io: CliIo, state: CommandState): void {
  const command = program
    .command('check')
    .description('Verify that every puzzle has exactly one solution: unique, multiple, none or invalid per puzzle, then a summary.')
    .argument('[files...]', 'puzzle files (standard input when none, or -)')
    .option('--json', 'one JSON object per line ("type": "puzzle", then one "type": "summary")', false)
    .option('-q, --quiet', 'print only the puzzles that are not unique, and the summary', false)
    .option('--explain', 'for a puzzle that is not unique: two solutions, where they differ, and the fewest clues to add (or givens to remove)', false);
  addRepairOptions(command)
    .addHelpText(
      'after',
      `
Exit code 0 only when every puzzle is unique, 1 when any is not (or no puzzle was found),
2 for usage errors. Files of any size are streamed; progress is shown on a terminal.

Examples:
  $ sudoku-press check puzzles.txt
  $ sudoku-press check -q book/*.txt
  $ cat puzzles.txt | sudoku-press check --json
  $ sudoku-press check --explain --repairs 3 --keep-level low broken.txt

With --explain, a puzzle with several solutions is followed by two of them, the cells where they
differ and a provably smallest set of clues to add (from the first solution, or --solution), and a
puzzle with no solution by the fewest givens to remove. --symmetry adds clues in symmetric groups,
--keep-level low prefers the lowest rated of the smallest repairs (--keep-level 6.5: the closest),
--repairs n lists alternatives. In JSON the puzzle object gets a "repair" field.`,
    )
    .action(async (files: string[], options: CheckOptions) => {
      checkInputFiles(files);
      const repairOptions = options.explain ? await repairOptionsFrom(options) : undefined;
      const repair = options.explain ? await import('../repair/index.js') : undefined;
      const out = new LineWriter(io.stdout);
      const progress = new ProgressLine(io.stderr, io.stderrIsTTY, 'checked');
      const solver = new Solver();
      const counts: Record<Status, number> = { unique: 0, multiple: 0, none: 0, invalid: 0 };
      const started = performance.now();
      let total = 0;
      for await (const record of readInputs(files, io)) {
        total++;
        let status: Status;
        let fields: Record<string, unknown>;
        if (!record.ok) {
          status = 'invalid';
          const { source, line, reason, code } = record.error;
          fields = { source, line, status, error: reason, code };
          if (!options.json) {
            await out.line(`${where(source, line)}: invalid: ${reason}`);
          }
        } else {
          const { grid, label, source, line } = record.puzzle;
          const count = solver.count(grid, 2);
          status = count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple';
          fields = { source, line, ...(label === undefined ? {} : { label }), puzzle: formatGrid(grid), status };
          let explained: string[] = [];
          if (repair && repairOptions && status !== 'unique') {
            try {
              const report = repair.repairPuzzle(grid, repairOptions);
              explained = explainLines(report, cellName);
              fields['repair'] = jsonReport(report, cellName);
            } catch (error) {
              if (!(error instanceof repair.RepairError)) throw error;
              explained = [`  not explained: ${error.message}`];
              fields['repair'] = { error: error.message, code: error.code };
            }
          }
          if (!options.json && !(options.quiet && status === 'unique')) {
            await out.line(`${where(source, line)}: ${status}${label === undefined ? '' : `  ${label}`}`);
            for (const text of explained) await out.line(text);
          }
        }
        counts[status]++;
        if (options.json && !(options.quiet && status === 'unique')) await out.line(JSON.stringify({ type: 'puzzle', ...fields }));
        progress.tick(total);
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

/** The repair report for JSON: cells named r1c1, placements as { cell, digit }. */
function jsonReport(report: import('../repair/index.js').RepairReport, cellName: (cell: number) => string): Record<string, unknown> {
  const named = (ps: readonly { cell: number; digit: number }[]) => ps.map((p) => ({ cell: cellName(p.cell), digit: p.digit }));
  switch (report.status) {
    case 'multiple':
      return {
        solutions: report.solutions,
        differences: report.differences.map(cellName),
        minimum: report.minimum,
        proven: report.proven,
        repairs: report.repairs.map((r) => ({ added: named(r.added), puzzle: r.puzzle, ...(r.rating === undefined ? {} : { rating: r.rating }) })),
      };
    case 'none':
      return {
        minimum: report.minimum,
        proven: report.proven,
        repairs: report.repairs.map((r) => ({ removed: named(r.removed), puzzle: r.puzzle, status: r.status, solution: r.solution })),
      };
    default:
      return { ...report };
  }
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
