import type { Command } from 'commander';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { terminalSafe } from './output.js';
import type { BookOptions } from './book.js';
import { addBookOptions, artSection, BookProgress, bookContent, bookSource, checkBeforeWork, checkTextsBeforeWork, coverKinds, coverPathFor, fail, firstOf, frontFromOptions, teachingFor, textsFromOptions, withOverrides, DEFAULT_OUTPUT } from './book.js';
import type { BookSection } from '../render/layout.js';
import { readTemplate } from './templates.js';
import { COVER_THEMES } from '../render/cover-themes.js';

interface CoverOptions extends BookOptions {
  output?: string;
  pages?: string;
  force: boolean;
}

export function registerCover(program: Command, io: CliIo, state: CommandState): void {
  addBookOptions(program.command('cover'))
    .description('Make the full-wrap paperback cover (back, spine, front, 0.125 in bleed) for the book the same options make.')
    .option('-o, --output <file>', `PDF to write (default: ${DEFAULT_OUTPUT.replace(/\.pdf$/, '-cover.pdf')})`)
    .option('--pages <n>', 'the interior\'s page count (default: planned from the same options, as `book` would make it)')
    .addHelpText(
      'after',
      `
The cover is sized as KDP asks: width = 0.125 + trim width + spine + trim width + 0.125 in, height =
trim height + 0.25 in, spine = pages x 0.002252 in (white paper), 0.0025 (cream) or 0.002347 (colour).
Front: the title (sized to read at thumbnail size), subtitle, a puzzle of the book with the puzzle
count badge, the levels, the template's badge ("Large Print") and the author. Spine: title and
author (books of 80 pages or more). Back: the back text (set smaller to fit, never cut: a text too
long even at 7 pt is an error), a sample puzzle, the levels with their counts, an empty barcode
area (2 x 1.2 in). Themes: ${COVER_THEMES.map((t) => `${t.name} (${t.description})`).join('; ')}.

Examples:
  $ sudoku-press cover --template kdp-6x9-2up --seed 7 --title "Weekend Sudoku" --author "Jane Doe"
  $ sudoku-press cover --template kdp-6x9-2up --pages 212 --paper cream -o out/cover.pdf
  $ sudoku-press cover --template large-print-8.5x11-1up --seed 7 --theme grey
  $ sudoku-press book --template kdp-6x9-2up --seed 7 --cover       # the book and its cover at once`,
    )
    .action(async (options: CoverOptions) => {
      const { BookOutputError, TemplateError, planContent, resolveFront, resolveTexts } = await import('../render/index.js');
      const { writeCoverFile } = await import('../render/cover.js');
      const template = withOverrides(readTemplate(options.template), options);
      const front = frontFromOptions(options);
      const texts = textsFromOptions(options);
      const output = options.output ?? coverPathFor(DEFAULT_OUTPUT);
      let pages: number | undefined;
      if (options.pages !== undefined) {
        pages = Number(options.pages);
        if (!Number.isInteger(pages) || pages < 24 || pages > 828 || pages % 2 !== 0) {
          throw new UsageError(`--pages: expected the interior's even page count from 24 to 828 (KDP's paperback range), got '${options.pages}'`);
        }
      }
      checkBeforeWork(options, template, front, [output], options.force);
      await checkTextsBeforeWork(options, template, front, texts, { book: false, cover: true });
      const progress = new BookProgress(io, !options.quiet);
      const source = await bookSource(options, template, io, state, progress);
      if (source === null) return;
      const { sections } = source;
      const teaching = await teachingFor(options, source, progress);
      // The art: the first puzzle of the last (hardest) section. A generated section's puzzles depend
      // only on the seed, the level and how many sections of that level come before it, so one
      // puzzle per section of that level is enough to make it.
      const lastIndex = artSection(sections);
      const last = sections[lastIndex]!;
      const sameKind = (s: BookSection): boolean => s.level === last.level && s.variant === last.variant;
      // The back's sample is puzzle 1, the first of the first section: made the same way.
      let art;
      let sample;
      let puzzles = teaching ? teaching.puzzles : source.puzzles;
      let artNumber = firstOf(sections, lastIndex);
      if (!teaching && source.seed !== undefined) {
        const { generatedPuzzles } = await import('../render/generated.js');
        const same = sections.slice(0, lastIndex + 1).filter(sameKind).map((s) => ({ ...s, count: 1 }));
        puzzles = generatedPuzzles(same, { seed: source.seed, symmetry: template.symmetry });
        artNumber = same.length;
        if (lastIndex > 0) {
          for await (const puzzle of generatedPuzzles([{ ...sections[0]!, count: 1 }], { seed: source.seed, symmetry: template.symmetry })) sample = puzzle;
        }
      }
      for await (const puzzle of puzzles) {
        if (puzzle.number === 1) sample ??= puzzle;
        if (puzzle.number === artNumber) {
          art = puzzle;
          break;
        }
      }
      const content = bookContent(options, template, sections, front, texts, teaching);
      try {
        pages ??= planContent(content).plan.pageCount;
        const cover = await writeCoverFile({
          template,
          front: resolveFront(content),
          texts: resolveTexts(content),
          paper: template.paper,
          pages,
          art,
          sample,
          levels: [...new Set(sections.map((s) => s.level))],
          ...coverKinds(sections),
          ...(options.theme === undefined ? {} : { theme: options.theme }),
          puzzleCount: sections.reduce((sum, s) => sum + s.count, 0),
          output,
          force: options.force,
          subject: `sudoku-press cover; template ${template.name}; ${source.origin}`,
        });
        progress.stop();
        const inches = (points: number): string => (points / 72).toFixed(3);
        io.stdout.write(
          // The path is the user's text: escapes shown, never obeyed.
          terminalSafe(`Wrote ${cover.path}: cover ${inches(cover.width)} x ${inches(cover.height)} in, spine ${inches(cover.spine)} in (${cover.pages} pages, ${cover.paper} paper)${cover.spineText ? '' : '; no spine text (under 80 pages)'}\n`),
        );
      } catch (error) {
        if (error instanceof BookOutputError) throw new UsageError(error.message);
        if (error instanceof TemplateError) throw new UsageError(error.message);
        if (error instanceof RangeError) return fail(io, state, progress, error.message);
        throw error;
      }
      state.exitCode = EXIT.ok;
    });
}
