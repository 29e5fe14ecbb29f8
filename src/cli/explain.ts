import { existsSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { formatGrid } from '../core/grid.js';
import { parsePuzzles, type PuzzleRecord, type ReadResult } from '../core/parse.js';
import type { Step } from '../core/step.js';
import { describeStep } from '../grader/explain.js';
import { formatChainLines } from '../techniques/chains/index.js';
import { GradeError, gradeWithPath } from '../grader/grade.js';
import { formatRating, techniqueName } from './grade.js';
import { readInputs } from './input.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { LineWriter } from './output.js';

/**
 * The records named by a `<puzzle|file>` argument: a file (or `-` for standard input), else the
 * argument itself read as a puzzle.
 */
export async function* readPuzzleArgument(arg: string, io: CliIo): AsyncGenerator<ReadResult> {
  if (arg === '-' || (existsSync(arg) && statSync(arg).isFile())) {
    yield* readInputs([arg], io);
    return;
  }
  if (existsSync(arg)) throw new UsageError(`cannot read '${arg}': not a file`);
  // Too short to be a puzzle: most likely a mistyped file name.
  if (arg.replace(/[\s|+-]/g, '').length < 81) {
    throw new UsageError(`'${arg}' is neither a file nor an 81-cell puzzle`);
  }
  yield* parsePuzzles(arg, { source: '<argument>' });
}

/** `  12. [2.6] Pointing: ...` */
export function stepLine(index: number, step: Step): string {
  return `${String(index).padStart(4)}. [${step.difficulty.toFixed(1)}] ${describeStep(step)}`;
}

/**
 * A step's line, then its chains (if any) in alternating inference notation, one per line and
 * indented under it; chains that prove a link of another chain are indented one level further.
 */
export function stepLines(index: number, step: Step): string[] {
  const lines = [stepLine(index, step)];
  if (step.chains && step.chains.length > 0) {
    for (const chain of formatChainLines(step.chains, '    ')) lines.push(`        ${chain}`);
  }
  return lines;
}

interface ExplainCliOptions {
  uniqueness: boolean;
}

async function explainOne(record: PuzzleRecord, options: ExplainCliOptions, out: LineWriter): Promise<boolean> {
  const puzzle = formatGrid(record.grid);
  await out.line(`Puzzle ${puzzle}${record.label === undefined ? '' : `  ${record.label}`}`);
  try {
    const { steps, grade } = gradeWithPath(record.grid, { uniqueness: options.uniqueness });
    if (!grade.unique) await out.line('Note: the puzzle has several solutions; explained without uniqueness techniques.');
    for (let i = 0; i < steps.length; i++) {
      for (const line of stepLines(i + 1, steps[i]!)) await out.line(line);
    }
    const guesses = grade.guesses === 0 ? 'no guess' : `${grade.guesses} ${grade.guesses === 1 ? 'guess' : 'guesses'}`;
    const firstPlacement = steps.findIndex((step) => step.placements.length > 0);
    const pearlAt = firstPlacement < 0 ? '' : ` (first placement: step ${firstPlacement + 1})`;
    await out.line(
      `Rating ${formatRating(grade)} (${grade.level}); pearl (EP) ${grade.pearl.toFixed(1)}${pearlAt}; diamond (ED) ${grade.diamond.toFixed(1)}; ` +
        `hardest: ${techniqueName(grade.hardest)}; ${grade.steps} steps, ${guesses}`,
    );
    return true;
  } catch (error) {
    if (!(error instanceof GradeError)) throw error;
    await out.line(`Not explained: ${error.message}`);
    return false;
  }
}

export function registerExplain(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('explain')
    .description('Show the whole logical solving path of a puzzle in plain English, one line per step.')
    .argument('<puzzle|file>', 'an 81-character puzzle, or a file of puzzles (- for standard input)')
    .option('--no-uniqueness', 'do not use techniques that assume a unique solution')
    .addHelpText(
      'after',
      `
Each step shows its difficulty on the Sudoku Explainer scale and what it does, in r1c1 notation
(row 1, column 1). When no technique applies, a guess is shown as such. A file gives every puzzle
in it, separated by blank lines.

Exit code 0 when every puzzle was explained, 1 when some could not be (invalid, no solution,
several solutions), 2 for usage errors.

Examples:
  $ sudoku-press explain 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  $ sudoku-press explain puzzles.txt
  $ sudoku-press explain --no-uniqueness puzzle.txt`,
    )
    .action(async (arg: string, options: ExplainCliOptions) => {
      const out = new LineWriter(io.stdout);
      let failures = 0;
      let count = 0;
      for await (const record of readPuzzleArgument(arg, io)) {
        if (count > 0) await out.line('');
        count++;
        if (!record.ok) {
          failures++;
          await out.line(`Not explained: ${record.error.message}`);
          continue;
        }
        if (!(await explainOne(record.puzzle, options, out))) failures++;
      }
      await out.flush();
      if (count === 0) {
        io.stderr.write(`sudoku-press: no puzzle found in ${arg}\n`);
        failures++;
      }
      state.exitCode = failures === 0 ? EXIT.ok : EXIT.failure;
    });
}
