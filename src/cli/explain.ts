import type { Command } from 'commander';
import { geometryOf, type Geometry } from '../core/geometry.js';
import { formatGrid } from '../core/grid.js';
import type { ChainData, Step } from '../core/step.js';
import { isVariantRecord, type AnyReadResult, type AnyRecord, type VariantRecord } from '../formats/reader.js';
import { describeStep } from '../grader/explain.js';
import { describeGeneralStep, formatGeneralChainLines } from '../grader/general/text.js';
import { isGeneralRules } from '../grader/general/link.js';
import type { Rules } from '../rules/types.js';
import { formatChainLines } from '../techniques/chains/index.js';
import { GradeError, type Grade } from '../grader/grade.js';
import { compute, warmCompute } from '../node/compute.js';
import { variantInput } from '../node/variant-input.js';
import { stepTechniqueName } from '../grader/technique-names.js';
import { formatRating, techniqueName } from './grade.js';
import { readAnyPuzzleArgument } from './input.js';
import { ungradableRefused, variantFields } from './variants.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { gradeFailureLine, invalidLine, recordFields } from './json.js';
import { inputsName, LineWriter } from './output.js';

export { readPuzzleArgument } from './input.js';

/**
 * How a record's steps are named: a 9x9 geometry (undefined for classic), or for other sizes and
 * Samurai the rules themselves (cells as r10c12, digits above 9 as A-G: src/grader/general/text.ts).
 */
export type StepNaming = Geometry | Rules | undefined;

/** A step's text under a record's naming. */
export function describeIn(step: Step, naming: StepNaming): string {
  return naming !== undefined && 'cellCount' in naming ? describeGeneralStep(step, naming) : describeStep(step, naming);
}

/** `  12. [2.6] Pointing: ...` (houses named under `naming`, default classic). */
export function stepLine(index: number, step: Step, naming?: StepNaming): string {
  return `${String(index).padStart(4)}. [${step.difficulty.toFixed(1)}] ${describeIn(step, naming)}`;
}

/**
 * The records of a `<puzzle|file>` argument for the grader's commands (explain, hint): classic
 * puzzles and the variants the grader takes; a variant it cannot take (killer, other sizes,
 * Samurai) stops the command with one line (exit 2).
 */
export async function* readGradablePuzzleArgument(arg: string, io: CliIo): AsyncGenerator<AnyReadResult> {
  for await (const record of readAnyPuzzleArgument(arg, io)) {
    if (record.ok && isVariantRecord(record.puzzle)) {
      const refused = ungradableRefused(record.puzzle);
      if (refused !== null) throw refused;
    }
    yield record;
  }
}

/** How a record's steps are named: undefined for classic, its geometry for 9x9 rules, else its rules. */
export function recordNaming(record: AnyRecord): StepNaming {
  if (!isVariantRecord(record)) return undefined;
  return isGeneralRules(record.rules) ? record.rules : geometryOf(record.rules);
}

/** The JSON fields naming a record (a variant's carry its variant and rules). */
export function anyRecordFields(record: AnyRecord): Record<string, unknown> {
  return isVariantRecord(record) ? variantFields(record) : recordFields(record);
}

/** The solving path of a record, found on the compute thread (a variant crosses as its rules' spec and givens). */
async function pathOf(record: AnyRecord, uniqueness: boolean): Promise<{ grade: Grade; steps: Step[] }> {
  if (isVariantRecord(record)) return compute('variantPath', variantInput(record), { uniqueness });
  return compute('path', record.grid, { uniqueness });
}

/** A failed grading as a JSON line, for classic and variant records. */
export function failureJson(record: AnyRecord, code: string, message: string): string {
  if (!isVariantRecord(record)) return gradeFailureLine(record, code as GradeError['code'], message);
  return JSON.stringify({ type: 'puzzle', ...variantFields(record as VariantRecord), status: 'not-graded', code, error: message });
}

/**
 * A step's line, then its chains (if any) in alternating inference notation, one per line and
 * indented under it; chains that prove a link of another chain are indented one level further.
 */
export function stepLines(index: number, step: Step, naming?: StepNaming): string[] {
  const lines = [stepLine(index, step, naming)];
  if (step.chains && step.chains.length > 0) {
    for (const chain of chainLinesIn(step.chains, naming)) lines.push(`        ${chain}`);
  }
  return lines;
}

/** A step's chains as lines (formatChainLines), in a record's names (other sizes and Samurai: their own). */
export function chainLinesIn(chains: readonly ChainData[], naming: StepNaming): string[] {
  if (naming !== undefined && 'cellCount' in naming) return formatGeneralChainLines(chains, naming);
  return formatChainLines(chains, '    ');
}

interface ExplainCliOptions {
  uniqueness: boolean;
  json: boolean;
  html: boolean;
  output?: string;
  force: boolean;
  quiet: boolean;
}

/** A step as JSON: the library's step record, with its technique's name (as the puzzle's houses make it) and its text. */
export function stepJson(step: Step, naming?: StepNaming): Record<string, unknown> {
  return { ...step, name: stepTechniqueName(step, naming?.houseKinds), text: describeIn(step, naming) };
}

async function explainJson(record: AnyRecord, options: ExplainCliOptions, out: LineWriter): Promise<boolean> {
  try {
    const { steps, grade } = await pathOf(record, options.uniqueness);
    const geometry = recordNaming(record);
    await out.line(JSON.stringify({ type: 'puzzle', ...anyRecordFields(record), status: 'graded', grade, steps: steps.map((step) => stepJson(step, geometry)) }));
    return true;
  } catch (error) {
    if (!(error instanceof GradeError)) throw error;
    await out.line(failureJson(record, error.code, error.message));
    return false;
  }
}

async function explainOne(record: AnyRecord, options: ExplainCliOptions, out: LineWriter): Promise<boolean> {
  const puzzle = isVariantRecord(record) ? `${String(variantFields(record)['puzzle'])} (${record.rules.variant})` : formatGrid(record.grid);
  await out.line(`Puzzle ${puzzle}${record.label === undefined ? '' : `  ${record.label}`}`);
  try {
    const { steps, grade } = await pathOf(record, options.uniqueness);
    const geometry = recordNaming(record);
    if (!grade.unique) await out.line('Note: the puzzle has several solutions; explained without uniqueness techniques.');
    for (let i = 0; i < steps.length; i++) {
      for (const line of stepLines(i + 1, steps[i]!, geometry)) await out.line(line);
    }
    const guesses = grade.guesses === 0 ? 'no guess' : `${grade.guesses} ${grade.guesses === 1 ? 'guess' : 'guesses'}`;
    const firstPlacement = steps.findIndex((step) => step.placements.length > 0);
    const pearlAt = firstPlacement < 0 ? '' : ` (first placement: step ${firstPlacement + 1})`;
    await out.line(
      `Rating ${formatRating(grade)} (${grade.level}); pearl (EP) ${grade.pearl.toFixed(1)}${pearlAt}; diamond (ED) ${grade.diamond.toFixed(1)}; ` +
        `hardest: ${techniqueName(grade.hardest, geometry?.houseKinds)}; ${grade.steps} steps, ${guesses}`,
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
    .argument('<puzzle|file>', 'an 81-character puzzle (or a variant line, f-puzzles JSON or link, Solo game ID), or a file of puzzles (- for standard input)')
    .option('--no-uniqueness', 'do not use techniques that assume a unique solution')
    .option('--json', 'one JSON object per puzzle: its grade and every step as data (technique, difficulty, placements, eliminations, pattern, chains, text)', false)
    .option('--html', 'a self-contained web page instead: every step with its board, prev/next buttons and arrow keys', false)
    .option('-o, --output <file|folder>', 'with --html: the page (.html), or a folder for one page per puzzle and an index (default: standard output)')
    .option('--force', 'with --html: replace pages that exist', false)
    .option('-q, --quiet', 'with --html: no progress or summary on stderr', false)
    .addHelpText(
      'after',
      `
Each step shows its difficulty on the Sudoku Explainer scale and what it does, in r1c1 notation
(row 1, column 1). When no technique applies, a guess is shown as such. A file gives every puzzle
in it, separated by blank lines.

With --html, a page shows the starting board, then each step with its board (the pattern in
yellow, removed candidates crossed out in red, chains as arrows: solid strong links, dashed weak
ones) and the same text; previous / next buttons, the arrow keys and a list of steps move through
it; a step with several chains shows one at a time (C / Shift+C switch, A shows all), and each
nested proof opens as its own board. It needs no network and works from file://.
A file of several puzzles needs -o FOLDER: one page per puzzle and an index.html.

Exit code 0 when every puzzle was explained, 1 when some could not be (invalid, no solution,
several solutions), 2 for usage errors.

Variants: 9x9 jigsaw, X, windoku and other extra-house puzzles are explained too (houses named
"region 4", "the down diagonal", "window 2"...), and so are killers (with or without extra
houses: cage sums, rule of 45, cage splitting; "Cage combination: the empty cells of the 3-cell
cage of 7 (r1c1, r1c2 and r1c3) must add up to 7, which only 1+2+4 can make..."), from any input
format. With --html a variant's boards show its regions, diagonals, windows, extra houses or
cages. Other sizes (4x4 to 16x16) and Samurai are explained with the general ladder: cells named
by their place in the drawing (r10c12 on a 16x16 or a Samurai), digits above 9 written A-G as in
puzzle lines; with --html their boards carry pencil marks up to 4 x 4 a cell. Killers of other
sizes stop the command with one line, exit code 2.

Examples:
  $ sudoku-press explain 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  $ sudoku-press explain puzzles.txt
  $ sudoku-press explain --no-uniqueness puzzle.txt
  $ sudoku-press explain puzzle.txt --html -o out/explain.html
  $ sudoku-press explain puzzles.txt --html -o out/explain/`,
    )
    .action(async (arg: string, options: ExplainCliOptions) => {
      if (options.html && options.json) throw new UsageError('give --html or --json, not both');
      if (options.html) {
        const { explainHtml } = await import('./explain-html.js');
        await explainHtml(arg, options, io, state);
        return;
      }
      if (options.output !== undefined || options.force) throw new UsageError('-o and --force go with --html (plain explain prints to standard output)');
      warmCompute();
      const out = new LineWriter(io.stdout);
      let failures = 0;
      let count = 0;
      for await (const record of readGradablePuzzleArgument(arg, io)) {
        if (count > 0 && !options.json) await out.line('');
        count++;
        if (!record.ok) {
          failures++;
          await out.line(options.json ? invalidLine(record.error) : `Not explained: ${record.error.message}`);
          continue;
        }
        if (!(await (options.json ? explainJson : explainOne)(record.puzzle, options, out))) failures++;
      }
      await out.flush();
      if (count === 0) {
        io.stderr.write(`sudoku-press: no puzzle found in ${inputsName([arg])}\n`);
        failures++;
      }
      state.exitCode = failures === 0 ? EXIT.ok : EXIT.failure;
    });
}
