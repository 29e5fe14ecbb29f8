import type { Command } from 'commander';
import { GradeError } from '../grader/grade.js';
import { isVariantRecord } from '../formats/reader.js';
import { compute, warmCompute } from '../node/compute.js';
import { variantInput } from '../node/variant-input.js';
import { generalHintTiers } from '../grader/general/text.js';
import type { Step } from '../core/step.js';
import { hintTiers } from '../grader/hint-tiers.js';
import { anyRecordFields, chainLinesIn, describeIn, failureJson, readGradablePuzzleArgument, recordNaming, stepJson, type StepNaming } from './explain.js';
import { invalidLine } from './json.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { inputsName, terminalSafe } from './output.js';

interface HintCliOptions {
  uniqueness: boolean;
  json: boolean;
  tier?: string;
}

const TIER_KEYS = ['where', 'idea', 'answer'] as const;

/** The hint tiers of a step under a record's naming (other sizes and Samurai: their rules' names). */
function tiersIn(step: Step, naming: StepNaming): ReturnType<typeof hintTiers> {
  return naming !== undefined && 'cellCount' in naming ? generalHintTiers(step, naming) : hintTiers(step, naming);
}

export function registerHint(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('hint')
    .description('Show the next step a person would take on a puzzle (the easiest technique that applies).')
    .argument('<puzzle>', 'an 81-character puzzle (its digits so far; or a variant line, f-puzzles JSON or link, Solo game ID), or a file holding one (- for standard input)')
    .option('--no-uniqueness', 'do not use techniques that assume a unique solution')
    .option('--json', 'one JSON object: the puzzle, and the step as data (null when already solved)', false)
    .option('--tier <n>', 'a hint in plain words, as far as tier n: 1 where to look, 2 the idea, 3 the answer')
    .addHelpText(
      'after',
      `
Prints one line: the step's difficulty on the Sudoku Explainer scale and what it does, in r1c1
notation. When no technique applies, the hint is a guess and says so. With --tier, the same step in
plain words instead, one line per tier up to the one asked (cells as "row 3, column 4"): a player
who wants a nudge asks for tier 1, then 2, then 3. With --json, --tier adds "tiers" to the object.

Exit code 0 when a hint was given (or the puzzle is already solved), 1 when the puzzle is invalid,
has no solution or several (or no puzzle was found), 2 for usage errors.

Variants: 9x9 jigsaw, X, windoku and other extra-house puzzles get hints too (houses named
"region 4", "the down diagonal", "window 2"...), and so do killers (cages named by size, total and
first cell: "the 3-cell cage of 7 at row 1, column 1"), from any input format. Other sizes (4x4
to 16x16) and Samurai get hints from the general ladder (cells as r10c12, digits above 9 as A-G).
Killers of other sizes stop the command with one line, exit code 2.

Examples:
  $ sudoku-press hint 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  $ sudoku-press hint puzzle.txt
  $ sudoku-press hint --tier 1 puzzle.txt`,
    )
    .action(async (arg: string, options: HintCliOptions) => {
      const tier = options.tier === undefined ? 0 : Number(options.tier);
      if (options.tier !== undefined && !['1', '2', '3'].includes(options.tier)) throw new UsageError(`--tier takes 1, 2 or 3 (got ${terminalSafe(options.tier)})`);
      warmCompute();
      const records = [];
      for await (const record of readGradablePuzzleArgument(arg, io)) {
        records.push(record);
        // A second record settles it: the rest of a long file is not read.
        if (records.length === 2) break;
      }
      if (records.length === 0) {
        // The same as every command: no puzzle in the input is exit code 1.
        io.stderr.write(`sudoku-press: no puzzle found in ${inputsName([arg])}\n`);
        state.exitCode = EXIT.failure;
        return;
      }
      if (records.length !== 1) {
        const [first, second] = [records[0]!, records[1]!];
        const fromArgument = (first.ok ? first.puzzle.source : first.error.source) === '<argument>';
        const secondLine = second.ok ? second.puzzle.line : second.error.line;
        const where = fromArgument ? 'the argument' : terminalSafe(arg);
        throw new UsageError(`hint takes one puzzle; ${where} holds more than one${secondLine === undefined ? '' : ` (another record at line ${secondLine})`}`);
      }
      const record = records[0]!;
      if (!record.ok) {
        if (options.json) io.stdout.write(`${invalidLine(record.error)}\n`);
        else io.stderr.write(`sudoku-press: ${terminalSafe(record.error.message)}\n`);
        state.exitCode = EXIT.failure;
        return;
      }
      try {
        const puzzle = record.puzzle;
        const step = isVariantRecord(puzzle)
          ? await compute('variantHint', variantInput(puzzle), { uniqueness: options.uniqueness })
          : await compute('hint', puzzle.grid, { uniqueness: options.uniqueness });
        const geometry = recordNaming(puzzle);
        if (options.json) {
          const tiers = tier > 0 && step ? { tiers: Object.fromEntries(TIER_KEYS.slice(0, tier).map((key) => [key, tiersIn(step, geometry)[key]])) } : {};
          io.stdout.write(`${JSON.stringify({ type: 'puzzle', ...anyRecordFields(puzzle), status: 'graded', solved: step === null, step: step && stepJson(step, geometry), ...tiers })}\n`);
        } else if (!step) io.stdout.write('The puzzle is already solved.\n');
        else if (tier > 0) {
          const tiers = tiersIn(step, geometry);
          for (const key of TIER_KEYS.slice(0, tier)) io.stdout.write(`${tiers[key]}\n`);
        } else {
          io.stdout.write(`[${step.difficulty.toFixed(1)}] ${describeIn(step, geometry)}\n`);
          if (step.chains && step.chains.length > 0) {
            for (const chain of chainLinesIn(step.chains, geometry)) io.stdout.write(`    ${chain}\n`);
          }
        }
        state.exitCode = EXIT.ok;
      } catch (error) {
        if (!(error instanceof GradeError)) throw error;
        if (options.json) io.stdout.write(`${failureJson(record.puzzle, error.code, error.message)}\n`);
        else io.stderr.write(`sudoku-press: ${error.message}\n`);
        state.exitCode = EXIT.failure;
      }
    });
}
