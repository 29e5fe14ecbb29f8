import type { Command } from 'commander';
import type { Grid } from '../core/grid.js';
import type { Placement } from '../core/step.js';
import { cellName } from '../core/tables.js';
import type { RepairOptions, RepairReport } from '../repair/index.js';
import { checkInputFiles, readInputs } from './input.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { invalidLine, recordFields } from './json.js';
import { inputsName, LineWriter, where } from './output.js';
import { Progress } from './progress.js';
import { addRepairOptions, repairOptionsFrom, type RepairCliOptions } from './repair-options.js';

export { addRepairOptions, repairOptionsFrom, type RepairCliOptions } from './repair-options.js';

/** `r1c2=4 r5c6=1` */
export function placementsText(placements: readonly Placement[]): string {
  return placements.map((p) => `${cellName(p.cell)}=${p.digit}`).join(' ');
}

/** The lines `check --explain` prints under a puzzle that is not unique. */
export function explainLines(report: RepairReport): string[] {
  const lines: string[] = [];
  const add = (text: string) => lines.push(`  ${text}`);
  switch (report.status) {
    case 'unique':
    case 'invalid':
      break;
    case 'multiple': {
      add(`solution 1: ${report.solutions[0]}`);
      add(`solution 2: ${report.solutions[1]}`);
      add(`they differ in ${report.differences.length} cells: ${report.differences.map(cellName).join(' ')}`);
      const which = report.proven ? `${report.minimum === 1 ? 'clue' : 'clues'} to add (the fewest possible: ${report.minimum})` : `clues to add (not proven smallest: the search stopped at its effort bound; at least ${report.minimum} are needed)`;
      report.repairs.forEach((r, i) => {
        const rating = r.rating === undefined ? '' : `  (rating ${Number.isFinite(r.rating) ? r.rating.toFixed(1) : 'n/a'})`;
        add(`${report.repairs.length > 1 ? `repair ${i + 1}: ` : ''}${i === 0 ? which : 'clues to add'}: ${placementsText(r.added)}${rating}`);
        add(`  ${r.puzzle}`);
      });
      break;
    }
    case 'none': {
      if (report.repairs.length === 0) {
        add(`no set of givens to remove was found within the effort bound (at least ${report.minimum})`);
        break;
      }
      report.repairs.forEach((r, i) => {
        const which = i === 0 && report.proven ? ` (the fewest possible: ${report.minimum})` : '';
        add(`${report.repairs.length > 1 ? `repair ${i + 1}: ` : ''}givens to remove${which}: ${placementsText(r.removed)}; then ${r.status === 'unique' ? 'one solution' : 'several solutions'}`);
        add(`  ${r.puzzle}`);
        add(`  solution${r.status === 'unique' ? '' : ' (one of them)'}: ${r.solution}`);
      });
      break;
    }
  }
  return lines;
}

interface RepairCommandOptions extends RepairCliOptions {
  json: boolean;
}

/** One repaired puzzle: the removal (if no solution), then the clues added (if several). */
interface Repaired {
  puzzle: string;
  removed: Placement[];
  added: Placement[];
  status: 'unique' | 'repaired' | 'invalid' | 'failed';
  proven: boolean;
  error?: string;
}

export function registerRepair(program: Command, io: CliIo, state: CommandState): void {
  const command = program
    .command('repair')
    .description('Make every puzzle unique: add the fewest clues to a puzzle with several solutions, remove the fewest givens from one with none.')
    .argument('[files...]', 'puzzle files (standard input when none, or -)')
    .option('--json', 'one JSON object per puzzle ("type": "repair"), then a summary', false);
  addRepairOptions(command)
    .addHelpText(
      'after',
      `
Output, one line per puzzle (in input order):
  <repaired puzzle>  added r1c2=4 r5c6=1  [label]       (several solutions: clues added)
  <repaired puzzle>  removed r3c3=7  [label]             (no solution: givens removed)
  <puzzle>  unique  [label]                              (nothing to do)
A puzzle whose removal leaves several solutions gets clues added too. The counts are the
smallest possible (proven by an exact search) unless the line says "not proven smallest".
Conflicting givens cannot be repaired: they are reported on stderr. --repairs and --keep-level
choose among the smallest repairs (the first one is written).

Exit code 0 when every puzzle is unique at the end, 1 when some could not be repaired, 2 for usage errors.

Classic 9x9 puzzles only in this version: a variant (killer, jigsaw, X, 6x6...) stops the command
with one line, "repair takes classic puzzles only: FILE:LINE is a killer puzzle", and exit code 2.

Examples:
  $ sudoku-press repair broken.txt > fixed.txt
  $ sudoku-press repair --symmetry rotational --keep-level low broken.txt
  $ sudoku-press repair --json broken.txt`,
    )
    .action(async (files: string[], cli: RepairCommandOptions) => {
      checkInputFiles(files);
      const options = await repairOptionsFrom(cli);
      const { repairPuzzle, RepairError } = await import('../repair/index.js');
      const out = new LineWriter(io.stdout);
      const progress = new Progress(io, 'repaired');
      const counts = { puzzles: 0, unique: 0, repaired: 0, failed: 0, invalid: 0, added: 0, removed: 0 };
      const started = performance.now();
      const repairOne = (grid: Grid): Repaired => {
        try {
          const first = repairPuzzle(grid, options);
          if (first.status === 'unique') return { puzzle: gridText(grid), removed: [], added: [], status: 'unique', proven: true };
          if (first.status === 'invalid') return { puzzle: gridText(grid), removed: [], added: [], status: 'invalid', proven: true, error: first.error };
          if (first.status === 'multiple') {
            const r = first.repairs[0]!;
            return { puzzle: r.puzzle, removed: [], added: r.added, status: 'repaired', proven: first.proven };
          }
          const removal = first.repairs[0];
          if (!removal) return { puzzle: gridText(grid), removed: [], added: [], status: 'failed', proven: false, error: 'no removal found within the effort bound' };
          if (removal.status === 'unique') return { puzzle: removal.puzzle, removed: removal.removed, added: [], status: 'repaired', proven: first.proven };
          // The removal leaves several solutions: add clues from its first one.
          const { solution: _given, ...others } = options;
          const rest = repairPuzzle(Uint8Array.from(removal.puzzle, (ch) => (ch === '.' ? 0 : Number(ch))), others);
          if (rest.status !== 'multiple') throw new Error('repair: a removal said "several solutions" but the puzzle is not');
          const r = rest.repairs[0]!;
          return { puzzle: r.puzzle, removed: removal.removed, added: r.added, status: 'repaired', proven: first.proven && rest.proven };
        } catch (error) {
          if (error instanceof RepairError) return { puzzle: gridText(grid), removed: [], added: [], status: 'failed', proven: false, error: error.message };
          throw error;
        }
      };
      for await (const record of readInputs(files, io)) {
        counts.puzzles++;
        progress.update(counts.puzzles);
        if (!record.ok) {
          counts.invalid++;
          const e = record.error;
          if (cli.json) await out.line(invalidLine(e));
          else progress.note(`${e.message} (invalid)`);
          continue;
        }
        const { grid, label, source, line } = record.puzzle;
        const result = repairOne(grid);
        if (result.status === 'invalid' || result.status === 'failed') {
          counts[result.status === 'invalid' ? 'invalid' : 'failed']++;
          if (cli.json) {
            await out.line(
              result.status === 'invalid'
                ? JSON.stringify({ type: 'puzzle', ...recordFields(record.puzzle), status: 'invalid', code: 'CONFLICT', error: result.error })
                : JSON.stringify({ type: 'error', code: 'NOT_REPAIRED', error: result.error, ...recordFields(record.puzzle) }),
            );
          } else progress.note(`${where(source, line)}: not repaired: ${result.error}`);
          continue;
        }
        counts[result.status]++;
        counts.added += result.added.length;
        counts.removed += result.removed.length;
        if (cli.json) {
          await out.line(
            JSON.stringify({
              type: 'repair',
              source,
              line,
              ...(label === undefined ? {} : { label }),
              original: gridText(grid),
              puzzle: result.puzzle,
              status: 'unique',
              repaired: result.status === 'repaired',
              added: result.added.map((p) => ({ cell: cellName(p.cell), digit: p.digit })),
              removed: result.removed.map((p) => ({ cell: cellName(p.cell), digit: p.digit })),
              proven: result.proven,
            }),
          );
        } else {
          const what: string[] = [];
          if (result.removed.length > 0) what.push(`removed ${placementsText(result.removed)}`);
          if (result.added.length > 0) what.push(`added ${placementsText(result.added)}`);
          if (what.length === 0) what.push('unique');
          if (!result.proven) what.push('(not proven smallest)');
          await out.line(`${result.puzzle}  ${what.join('  ')}${label === undefined ? '' : `  ${label}`}`);
        }
      }
      progress.clear();
      const seconds = (performance.now() - started) / 1000;
      if (cli.json) await out.line(JSON.stringify({ type: 'summary', ...counts, seconds: Math.round(seconds * 1000) / 1000 }));
      // The summary only once the output is out: a failed write (a full disk) is the error alone.
      await out.flush();
      if (counts.puzzles === 0) {
        // The same line as every command's.
        io.stderr.write(`sudoku-press: no puzzle found in ${inputsName(files)}\n`);
      } else if (!cli.json) {
        io.stderr.write(
          `repaired ${counts.repaired} of ${counts.puzzles} puzzles in ${seconds.toFixed(2)} s (${counts.added} clues added, ${counts.removed} givens removed); ` +
            `${counts.unique} already unique, ${counts.invalid + counts.failed} not repaired\n`,
        );
      }
      state.exitCode = counts.puzzles > 0 && counts.invalid + counts.failed === 0 ? EXIT.ok : EXIT.failure;
    });
}

/** The repair report for JSON: cells named r1c1, placements as { cell, digit }. */
export function jsonReport(report: RepairReport): Record<string, unknown> {
  const named = (ps: readonly Placement[]) => ps.map((p) => ({ cell: cellName(p.cell), digit: p.digit }));
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

function gridText(grid: Grid): string {
  return Array.from(grid, (d) => (d === 0 ? '.' : String(d))).join('');
}
