import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { PuzzleRecord } from '../core/parse.js';
import { OutputFolder } from '../node/output-folder.js';
import { whyNotAFile } from '../node/file-errors.js';
import { writeFileWhole } from '../node/output-file.js';
import { readAnyInputs, readAnyPuzzleArgument } from './input.js';
import { isVariantRecord, type VariantRecord } from '../formats/reader.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { Progress } from './progress.js';
import type { DrawJob } from '../node/draw-pool.js';
import { inputsName, terminalSafe } from './output.js';

interface DrawCliOptions {
  outDir: string;
  format: string;
  size: string;
  dpi: string;
  font?: string;
  boldFont?: string;
  solution: boolean;
  candidates: boolean;
  theme: string;
  coordinates: boolean;
  digits: string;
  name: string;
  prefix: string;
  force: boolean;
  check: boolean;
  jobs?: string;
  quiet: boolean;
}

export const DEFAULT_PICTURE_DIR = 'out/pictures';
/** Pictures per batch sent to a worker thread; inputs of at most one batch are drawn in-process. */
const BATCH = 16;

function parseJobs(text: string | undefined): { jobs: number; explicit: boolean } {
  // One thread unless asked: a plain 600 px PNG now takes ~2.5 ms, and each thread builds its own
  // cache of pieces; on the 2-core test machine under load, 1,000 PNGs took 2.7 s in one thread and
  // 3.4 s with two. Threads pay off for PDFs and big pictures on a machine with idle cores.
  if (text === undefined) return { jobs: 1, explicit: false };
  if (!/^[1-9][0-9]*$/.test(text)) throw new UsageError(`--jobs wants a positive whole number, not '${text}'`);
  const jobs = Number(text);
  if (jobs > 256) throw new UsageError(`--jobs ${jobs} is too many (at most 256)`);
  return { jobs, explicit: true };
}
const FORMATS = ['png', 'svg', 'pdf'] as const;
type Format = (typeof FORMATS)[number];

/** A picture's size: pixels, or a physical length turned into pixels at the dpi (and points for PDF). */
export interface PictureSize {
  px: number;
  /** Points (1/72 in) for a PDF page. */
  pt: number;
}

const UNIT_INCHES: Record<string, number> = { in: 1, cm: 1 / 2.54, mm: 1 / 25.4, pt: 1 / 72 };

/** `600`, `600px`, `3in`, `8cm`, `80mm`, `216pt`. */
export function parsePictureSize(text: string, dpi: number): PictureSize {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(px|in|cm|mm|pt)?\s*$/.exec(text);
  if (!m) throw new UsageError(`--size wants a length such as 600, 600px, 3in, 8cm or 80mm (got '${text}')`);
  const value = Number(m[1]);
  const unit = m[2] ?? 'px';
  const inches = unit === 'px' ? value / dpi : value * UNIT_INCHES[unit]!;
  const px = Math.round(inches * dpi);
  if (px < 50 || px > 10000) throw new UsageError(`--size ${text} at ${dpi} dpi is ${px} px: pictures are 50 to 10000 px wide`);
  return { px, pt: inches * 72 };
}

function parseDpi(text: string): number {
  const dpi = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || dpi < 10 || dpi > 2400) throw new UsageError(`--dpi wants a number from 10 to 2400 (got '${text}')`);
  return dpi;
}

/**
 * A file-name-safe form of a label: letters, digits, `.`, `_` and `-` kept, every other run of
 * characters a single `-`; at most 80 characters. Empty when nothing usable is left.
 */
export function labelSlug(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
    .replace(/[-.]+$/, '');
}

/** Picks file names: from the record's number, or its label (numbered when missing or taken). */
class FileNamer {
  private readonly used = new Set<string>();
  constructor(
    private readonly mode: 'index' | 'label',
    private readonly prefix: string,
    private readonly extension: string,
  ) {}

  name(index: number, label: string | undefined): string {
    const numbered = `${this.prefix}${String(index).padStart(4, '0')}`;
    let base = this.mode === 'label' && label !== undefined ? labelSlug(label) : '';
    if (base === '') base = numbered;
    let name = base;
    for (let k = 2; this.used.has(name.toLowerCase()); k++) name = `${base}-${k}`;
    this.used.add(name.toLowerCase());
    return `${name}.${this.extension}`;
  }
}


async function* inputRecords(inputs: readonly string[], io: CliIo) {
  if (inputs.length === 0) {
    yield* readAnyInputs([], io);
    return;
  }
  for (const input of inputs) yield* readAnyPuzzleArgument(input, io);
}

export function registerDraw(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('draw')
    .description('Write each puzzle as a picture: PNG, SVG or a one-page PDF (for newspapers, websites and print).')
    .argument('[inputs...]', 'puzzle files, or puzzles: 81 characters, a variant line, f-puzzles, a Solo ID (standard input when none, or -)')
    .option('-o, --out-dir <dir>', 'folder for the pictures (created if missing)', DEFAULT_PICTURE_DIR)
    .option('-f, --format <format>', 'png, svg or pdf', 'png')
    .option('--size <length>', 'width (= height): pixels (600, 600px) or a length (3in, 8cm, 80mm) at --dpi', '600')
    .option('--dpi <n>', 'pixels per inch: turns lengths into pixels, and pixels into the PDF page size', '96')
    .option('--font <file>', 'TTF/OTF font for the digits (default: the bundled DejaVu Sans)')
    .option('--bold-font <file>', 'font for the givens (default: --font, else DejaVu Sans Bold)')
    .option('--solution', 'fill in the solution (givens stay bold)', false)
    .option('--candidates', 'pencil marks: every candidate the givens (and odd/even marks, killer cage sums) leave in each empty cell, under any rules', false)
    .option('--theme <theme>', 'color or grey', 'color')
    .option('--coordinates', 'row and column numbers around the board', false)
    .option('--digits <style>', 'digits above 9 (16x16): letters (1-9 then A-G) or numbers (1-16)', 'letters')
    .option('--name <scheme>', 'file names: index (puzzle-0001.png, the puzzle\'s place in the input) or label (from the text after the puzzle; numbered when it has none)', 'index')
    .option('--prefix <text>', 'start of numbered file names', 'puzzle-')
    .option('--force', 'replace pictures that already exist', false)
    .option('--no-check', 'also draw puzzles with no solution or several (default: reported and left out)')
    .option('-j, --jobs <n>', `worker threads for inputs of more than ${BATCH} puzzles (default 1: one thread was fastest for PNGs); the files do not depend on it`)
    .option('-q, --quiet', 'no progress on stderr', false)
    .addHelpText(
      'after',
      `
One file per puzzle in --out-dir. The same puzzle and options give the same bytes every time:
digits are drawn from the font's outlines (no system fonts), PDFs carry a fixed date.
Puzzles that cannot be read, have conflicting givens, no solution or several are reported on
stderr as file:line: reason, and the others are still drawn. An existing file is never replaced
without --force; a file is written whole or not at all.

Exit code 0 when every puzzle was drawn, 1 when some were left out, 2 for usage errors.

Examples:
  $ sudoku-press draw puzzles.txt -o out/pictures
  $ sudoku-press draw puzzles.txt -f pdf --size 3in --theme grey --name label
  $ sudoku-press draw 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... --solution -f svg
  $ sudoku-press draw puzzles.txt --size 2in --dpi 300     # 600 x 600 px for print
  $ sudoku-press draw killer.txt -f pdf --theme grey      # variants too: cages, jigsaw pieces, X, 16x16, Samurai
  $ sudoku-press draw killer.txt --candidates -f svg       # pencil marks under the rules (cage sums, odd/even)`,
    )
    .action(async (inputs: string[], cli: DrawCliOptions) => {
      if (!(FORMATS as readonly string[]).includes(cli.format)) throw new UsageError(`--format must be png, svg or pdf (got '${cli.format}')`);
      const format = cli.format as Format;
      if (cli.theme !== 'color' && cli.theme !== 'grey') throw new UsageError(`--theme must be color or grey (got '${cli.theme}')`);
      if (cli.digits !== 'letters' && cli.digits !== 'numbers') throw new UsageError(`--digits must be letters or numbers (got '${cli.digits}')`);
      if (cli.name !== 'index' && cli.name !== 'label') throw new UsageError(`--name must be index or label (got '${cli.name}')`);
      if (/[/\\]/.test(cli.prefix)) throw new UsageError('--prefix is the start of a file name and cannot hold / or \\');
      const dpi = parseDpi(cli.dpi);
      const { jobs: requestedJobs, explicit: jobsExplicit } = parseJobs(cli.jobs);
      const size = parsePictureSize(cli.size, dpi);
      for (const file of [cli.font, cli.boldFont]) {
        const kind = file === undefined ? null : whyNotAFile(file, 'font');
        if (kind !== null) throw new UsageError(`cannot read the font '${file}': ${kind}`);
      }
      if (existsSync(cli.outDir) && !statSync(cli.outDir).isDirectory()) throw new UsageError(`--out-dir '${cli.outDir}' is a file, not a folder`);

      // Heavy modules only now: resvg, pdfkit, fontkit, the solver.
      const [{ DrawPool, drawWorkersAvailable }, { renderPicture }, { defaultSceneFonts }, { loadFontOutlines, FontFileError }, { boardFromGrid }, { countSolutions, solve }, { findConflict, describeConflict }] =
        await Promise.all([
          import('../node/draw-pool.js'),
          import('../render/picture.js'),
          import('../render/board-pdf.js'),
          import('../render/font-outlines.js'),
          import('../core/board.js'),
          import('../solver/index.js'),
          import('../core/grid.js'),
        ]);
      const [{ AnyCounter }, { findGivenConflict }, { geometryOf }, { generalBoard }, { isGeneralRules }, { analyseDistinct, cageState }] = await Promise.all([
        import('./variants.js'),
        import('../rules/puzzle.js'),
        import('../core/geometry.js'),
        import('../grader/general/grade.js'),
        import('../grader/general/link.js'),
        import('../techniques/killer/cage-math.js'),
      ]);
      const counter = new AnyCounter();
      if (requestedJobs > 1 && jobsExplicit && !drawWorkersAvailable()) throw new UsageError('--jobs needs the compiled program (npm run build, then dist/cli/main.js)');
      // From the TypeScript sources (tests) there is no worker script: the default then draws in-process.
      const jobs = drawWorkersAvailable() ? requestedJobs : 1;
      const fonts = {
        regular: cli.font ?? defaultSceneFonts().regular,
        bold: cli.boldFont ?? cli.font ?? defaultSceneFonts().bold,
      };
      try {
        loadFontOutlines(fonts);
      } catch (error) {
        if (error instanceof FontFileError) throw new UsageError(error.message);
        throw error;
      }
      // Interrupted, the run removes the pictures it wrote (and the folder if it made it).
      const folder = new OutputFolder(cli.outDir);
      const namer = new FileNamer(cli.name as 'index' | 'label', cli.prefix, format);
      const progress = new Progress(io, 'drawn', undefined, !cli.quiet);
      let index = 0;
      let drawn = 0;
      let leftOut = 0;
      const report = (where: string, reason: string): void => {
        leftOut++;
        progress.clear();
        io.stderr.write(`${where}: left out: ${reason}\n`);
      };
      const leaveOut = (where: string, reason: string): null => {
        report(where, reason);
        return null;
      };

      // A checked puzzle becomes a job; jobs are rendered in batches, by worker threads once the
      // input holds more than one batch (a few pictures are not worth starting threads for).
      const pictureOptions = {
        format,
        size: size.px,
        pdfWidth: size.pt,
        dpi,
        fonts,
        theme: cli.theme as 'color' | 'grey',
        layers: { coordinates: cli.coordinates },
      };
      const toJob = (record: PuzzleRecord): DrawJob | null => {
        const grid = record.grid;
        const where = `${record.source}:${record.line}`;
        const conflict = findConflict(grid);
        if (conflict) return leaveOut(where, `givens conflict: ${describeConflict(conflict)}`);
        let solution: string | null = null;
        if (cli.check || cli.solution) {
          const count = countSolutions(grid, { limit: 2 });
          if (count === 0) return leaveOut(where, 'no solution');
          if (count > 1 && cli.check) return leaveOut(where, 'several solutions (--no-check draws it anyway)');
          if (cli.solution) {
            if (count > 1) return leaveOut(where, 'several solutions: no single solution to draw');
            solution = solve(grid);
          }
        }
        const picture = {
          givens: grid,
          values: solution ?? grid,
          ...(cli.candidates && !cli.solution ? { candidates: boardFromGrid(grid).candidates } : {}),
        };
        return { picture, options: { ...pictureOptions, title: `Sudoku ${record.label ?? ''}`.trim() } };
      };
      // Under any rules: every digit the givens (and a cell's odd/even mark) leave in each empty
      // cell; in a 9x9 killer, only the digits of the combinations that make each cage's sum.
      const variantCandidates = ({ rules, givens }: VariantRecord): Uint16Array => {
        const board = isGeneralRules(rules) ? generalBoard(rules, givens) : boardFromGrid(givens, geometryOf(rules));
        const masks = board.candidates;
        if (rules.startMasks !== null) for (let cell = 0; cell < masks.length; cell++) masks[cell]! &= rules.startMasks[cell]!;
        if (isGeneralRules(rules)) return Uint16Array.from(masks);
        for (const cage of rules.cages) {
          if (cage.sum <= 0) continue;
          const { empty, placed, left } = cageState(board, cage.cells, cage.sum);
          if (empty.length === 0) continue;
          const { allowed } = analyseDistinct(empty.map((cell) => masks[cell]!), left, placed);
          empty.forEach((cell, i) => (masks[cell] = allowed[i]!));
        }
        return Uint16Array.from(masks);
      };
      // A variant: its rules travel with the picture; counted and solved by the variant solver.
      const toVariantJob = (record: VariantRecord): DrawJob | null => {
        const where = `${record.source}:${record.line}`;
        const conflict = findGivenConflict(record.rules, record.givens);
        if (conflict) return leaveOut(where, `givens conflict: ${conflict.reason}`);
        let solution: Uint8Array | null = null;
        if (cli.check || cli.solution) {
          const count = counter.count(record.rules, record.givens, 2);
          if (count === 0) return leaveOut(where, 'no solution');
          if (count > 1 && cli.check) return leaveOut(where, 'several solutions (--no-check draws it anyway)');
          if (cli.solution) {
            if (count > 1) return leaveOut(where, 'several solutions: no single solution to draw');
            solution = counter.solve(record.rules, record.givens);
          }
        }
        const picture = { rules: record.rules, givens: record.givens, values: solution ?? record.givens, ...(cli.candidates && !cli.solution ? { candidates: variantCandidates(record) } : {}) };
        const name = record.rules.variant === 'classic' ? 'Sudoku' : `Sudoku (${record.rules.variant})`;
        return { picture, options: { ...pictureOptions, digits: cli.digits as 'letters' | 'numbers', title: `${name} ${record.label ?? ''}`.trim() } };
      };

      let pool: InstanceType<typeof DrawPool> | undefined;
      let stopped = false;
      let batch: { jobs: DrawJob[]; paths: string[] } = { jobs: [], paths: [] };
      const inFlight: Promise<void>[] = [];
      // Synchronous whole-file writes (exclusive temporary, moved into place): the streamed writer
      // waited on the event loop and read the folder for stale temporaries at every file, which
      // made a run of 1,000 small files quadratic and left the threads waiting (CPU profile).
      const writeAll = async (paths: string[], files: Uint8Array[]): Promise<void> => {
        for (let k = 0; k < paths.length; k++) {
          if (stopped) return;
          folder.write(paths[k]!, files[k]!, { force: cli.force });
          drawn++;
          progress.update(drawn);
        }
      };
      const flush = async (last: boolean): Promise<void> => {
        const { jobs: batchJobs, paths } = batch;
        batch = { jobs: [], paths: [] };
        if (batchJobs.length === 0) return;
        if (!pool && jobs > 1 && !last) pool = new DrawPool(jobs);
        if (!pool) {
          const files: Uint8Array[] = [];
          for (const job of batchJobs) files.push(await renderPicture(job.picture, job.options));
          await writeAll(paths, files);
          return;
        }
        const rendered = pool.render(batchJobs).then((files) => writeAll(paths, files));
        rendered.catch(() => undefined); // awaited below, in order; not an unhandled rejection meanwhile
        inFlight.push(rendered);
        // Two batches per thread in flight keep every thread busy without holding the whole input.
        if (inFlight.length >= 2 * jobs) await inFlight.shift();
      };

      try {
        for await (const record of inputRecords(inputs, io)) {
          index++;
          if (!record.ok) {
            report(`${record.error.source}:${record.error.line}`, record.error.reason);
            continue;
          }
          const file = namer.name(index, record.puzzle.label);
          const job = isVariantRecord(record.puzzle) ? toVariantJob(record.puzzle) : toJob(record.puzzle);
          if (job === null) continue;
          const path = join(cli.outDir, file);
          if (!cli.force && existsSync(path)) throw new UsageError(`${path} already exists (use --force to replace it)`);
          batch.jobs.push(job);
          batch.paths.push(path);
          if (batch.jobs.length === BATCH) await flush(false);
        }
        await flush(true);
        while (inFlight.length > 0) await inFlight.shift();
      } catch (error) {
        stopped = true;
        throw error;
      } finally {
        // Settle what is still running (its files are not written after an error) before stopping.
        await Promise.allSettled(inFlight);
        await pool?.close();
      }
      folder.complete();
      progress.clear();
      if (index === 0) {
        io.stderr.write(`sudoku-press: no puzzle found in ${inputsName(inputs)}\n`);
        state.exitCode = EXIT.failure;
        return;
      }
      if (!cli.quiet) io.stderr.write(`drew ${drawn} ${drawn === 1 ? 'picture' : 'pictures'} in ${terminalSafe(cli.outDir)}${leftOut > 0 ? `; ${leftOut} left out` : ''}\n`);
      state.exitCode = leftOut === 0 ? EXIT.ok : EXIT.failure;
    });
}
