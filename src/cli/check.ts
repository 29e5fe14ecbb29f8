import { Option, type Command } from 'commander';
import { classicRules } from '../rules/constructors.js';
import { toFpuzzles } from '../formats/fpuzzles.js';
import { isVariantRecord } from '../formats/reader.js';
import { anyRecordsInRange, checkInputFiles, countRecords, inputsKey, requireRegularFiles } from './input.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { invalidLine, recordFields, type Status } from './json.js';
import { inputsName, terminalSafe, where } from './output.js';
import { addTargetOptions, openOutputTarget, parseShard, resumeIsComplete, shardRange, type TargetCliOptions } from './output-target.js';
import { Progress } from './progress.js';
import { addRepairOptions, repairOptionsFrom, type RepairCliOptions } from './repair-options.js';
import { AnyCounter, variantFields, variantRefused } from './variants.js';

interface CheckOptions extends TargetCliOptions, RepairCliOptions {
  json: boolean;
  quiet: boolean;
  explain: boolean;
  format: 'text' | 'json' | 'fpuzzles';
}

export function registerCheck(program: Command, io: CliIo, state: CommandState): void {
  const command = program
    .command('check')
    .description('Verify that every puzzle has exactly one solution: unique, multiple, none or invalid per puzzle, then a summary.')
    .argument('[files...]', 'puzzle files (standard input when none, or -)')
    .option('--json', 'one JSON object per line ("type": "puzzle", then one "type": "summary")', false)
    .option('-q, --quiet', 'print only the puzzles that are not unique, and the summary', false)
    .option('--explain', 'for a puzzle that is not unique: two solutions, where they differ, and the fewest clues to add (or givens to remove); classic puzzles only', false)
    .addOption(new Option('-f, --format <format>', 'output: text, json (also --json), or fpuzzles (each unique puzzle as f-puzzles JSON; the rest on stderr)').choices(['text', 'json', 'fpuzzles']).default('text'));
  addRepairOptions(command);
  addTargetOptions(command, 'results');
  command
    .addHelpText(
      'after',
      `
Exit code 0 only when every puzzle is unique, 1 when any is not (or no puzzle was found),
2 for usage errors. Files of any size are streamed; progress is shown on a terminal.
With -o FILE or --shard the summary goes to standard error, so that the file holds the lines of
the records only and shard outputs concatenate (cat) into the one-run output.

Examples:
  $ sudoku-press check puzzles.txt
  $ sudoku-press check -q book/*.txt
  $ cat puzzles.txt | sudoku-press check --json
  $ sudoku-press check --json big.txt -o checked.jsonl --resume
  $ sudoku-press check big.txt --shard 2/4 -o part-2.txt
  $ sudoku-press check --explain --repairs 3 --keep-level low broken.txt
  $ sudoku-press check killers.txt jigsaw.jsonl solo-ids.txt
  $ sudoku-press check --format fpuzzles mixed.txt > unique.jsonl

Any format may be mixed in one file: classic lines and grids, variant lines (killer:..., 6x6:...,
x:..., a jigsaw as GIVENS LAYOUT), f-puzzles JSON (a line each, or one object over several lines),
its lz-string base64 or link, and Simon Tatham's Solo game IDs. A variant's JSON line carries
"variant" and "rules". --explain (and repair) are classic-only in this version: a variant there
stops with "--explain takes classic puzzles only" and exit code 2 (grade, explain and hint take
every variant but killers of other sizes).

With --explain, a puzzle with several solutions is followed by two of them, the cells where they
differ and a provably smallest set of clues to add (from the first solution, or --solution), and a
puzzle with no solution by the fewest givens to remove. --symmetry adds clues in symmetric groups,
--keep-level low prefers the lowest rated of the smallest repairs (--keep-level 6.5: the closest),
--repairs n lists alternatives. In JSON the puzzle object gets a "repair" field.`,
    )
    .action(async (files: string[], options: CheckOptions) => {
      checkInputFiles(files);
      if (options.json) options.format = 'json';
      options.json = options.format === 'json';
      const fpuzzles = options.format === 'fpuzzles';
      if (fpuzzles && options.explain) throw new UsageError('--explain writes text or JSON: not with --format fpuzzles');
      const repairOptions = options.explain ? await repairOptionsFrom(options) : undefined;
      const repair = options.explain ? await import('../repair/index.js') : undefined;
      const { explainLines, jsonReport } = options.explain ? await import('./repair.js') : { explainLines: undefined, jsonReport: undefined };
      const shard = parseShard(options.shard);
      if (options.resume) requireRegularFiles(files, '--resume reads the input again');
      if (await resumeIsComplete(io, options)) return;
      const all = shard ? await countRecords(files, io, '--shard') : null;
      const range = all === null ? null : shardRange(all, shard);
      const keyParts: unknown[] = ['check', 2, options.json, options.quiet, shard, range, inputsKey(files)];
      if (fpuzzles) keyParts.push('fpuzzles');
      if (options.explain) keyParts.push(['explain', options.solution ?? null, options.symmetry, options.keepLevel ?? null, options.repairs]);
      const key = JSON.stringify(keyParts);
      const target = await openOutputTarget(io, options, key, files);
      const out = target.writer;
      const progress = new Progress(io, 'checked');
      const counter = new AnyCounter();
      const classic9 = classicRules(9);
      const saved = target.resumed.data;
      const counts: Record<Exclude<Status, 'graded'>, number> = {
        unique: saved['unique'] ?? 0,
        multiple: saved['multiple'] ?? 0,
        none: saved['none'] ?? 0,
        invalid: saved['invalid'] ?? 0,
      };
      const started = performance.now();
      let total = target.resumed.records;
      // --format fpuzzles: unique puzzles f-puzzles cannot hold (Samurai), reported and not written.
      let unwritten = 0;
      if (total > 0) progress.note(`sudoku-press: resuming ${options.output}: ${total} records already checked`);
      try {
        for await (const record of anyRecordsInRange(files, io, range, target.resumed.records, target.input)) {
          let status: Exclude<Status, 'graded'>;
          if (!record.ok) {
            status = 'invalid';
            const { source, line, reason } = record.error;
            if (fpuzzles) io.stderr.write(`${terminalSafe(`${where(source, line)}: invalid: ${reason}`)}\n`);
            else await out.line(options.json ? invalidLine(record.error) : `${where(source, line)}: invalid: ${reason}`);
          } else if (isVariantRecord(record.puzzle) || fpuzzles) {
            const puzzle = record.puzzle;
            if (isVariantRecord(puzzle) && options.explain) throw variantRefused(puzzle, '--explain takes classic puzzles only');
            const rules = isVariantRecord(puzzle) ? puzzle.rules : classic9;
            const givens = isVariantRecord(puzzle) ? puzzle.givens : puzzle.grid;
            const count = counter.count(rules, givens, 2);
            status = count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple';
            const { source, line, label } = puzzle;
            if (fpuzzles) {
              let text: string | null = null;
              if (status === 'unique') {
                try {
                  text = JSON.stringify(toFpuzzles({ rules, givens }, { title: label }));
                } catch (error) {
                  if (!(error instanceof RangeError)) throw error;
                  io.stderr.write(`${terminalSafe(where(source, line))}: unique, not written: ${error.message}\n`);
                  unwritten++;
                }
              } else {
                io.stderr.write(`${terminalSafe(where(source, line))}: ${status}\n`);
              }
              if (text !== null) await out.line(text);
            } else if (isVariantRecord(puzzle) && !(options.quiet && status === 'unique')) {
              await out.line(
                options.json
                  ? JSON.stringify({ type: 'puzzle', ...variantFields(puzzle), status })
                  : `${where(source, line)}: ${status}${label === undefined ? '' : `  ${label}`}`,
              );
            }
          } else {
            const { grid, label, source, line } = record.puzzle;
            const count = counter.count(classic9, grid, 2);
            status = count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple';
            // --explain: the two solutions and the smallest repair of a puzzle that is not unique.
            let explained: string[] = [];
            let repairField: Record<string, unknown> | undefined;
            if (repair && repairOptions && explainLines && jsonReport && status !== 'unique') {
              try {
                const report = repair.repairPuzzle(grid, repairOptions);
                explained = explainLines(report);
                repairField = jsonReport(report);
              } catch (error) {
                if (!(error instanceof repair.RepairError)) throw error;
                explained = [`  not explained: ${error.message}`];
                repairField = { code: error.code, error: error.message };
              }
            }
            if (!(options.quiet && status === 'unique')) {
              await out.line(
                options.json
                  ? JSON.stringify({ type: 'puzzle', ...recordFields(record.puzzle), status, ...(repairField ? { repair: repairField } : {}) })
                  : `${where(source, line)}: ${status}${label === undefined ? '' : `  ${label}`}`,
              );
              if (!options.json) for (const text of explained) await out.line(text);
            }
          }
          // Counted once its line is out, so that a saved point never covers a record without its line.
          counts[status]++;
          total++;
          progress.update(total);
          await target.progress(total, counts);
        }
        progress.clear();
        const seconds = (performance.now() - started) / 1000;
        const rate = total / Math.max(seconds, 1e-6);
        const text =
          `checked ${total} puzzle${total === 1 ? '' : 's'} in ${seconds.toFixed(2)} s (${Math.round(rate)}/s): ` +
          `${counts.unique} unique, ${counts.multiple} multiple, ${counts.none} none, ${counts.invalid} invalid`;
        // In a file or a shard the summary would break the one-line-per-record output.
        if (target.toFile || shard || fpuzzles) io.stderr.write(`${text}\n`);
        else if (options.json) await out.line(JSON.stringify({ type: 'summary', puzzles: total, ...counts, seconds: round(seconds, 3) }));
        else await out.line(text);
        // No puzzle at all: no file either (an empty one would only make the next run need --force).
        if (total === 0 && !(shard && all !== 0) && !options.resume) await target.abandon(total, counts);
        else await target.finish(total, counts);
      } catch (error) {
        progress.clear();
        await target.abandon(total, counts);
        throw error;
      }
      const empty = total === 0 && !(shard && all !== 0);
      if (empty) io.stderr.write(`sudoku-press: no puzzle found in ${inputsName(files)}\n`);
      state.exitCode = !empty && counts.unique === total && unwritten === 0 ? EXIT.ok : EXIT.failure;
    });
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
