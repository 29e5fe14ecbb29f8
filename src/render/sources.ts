/**
 * Where a book's puzzles come from: a file of existing puzzles (checked, solved and graded here).
 * Generated books get theirs from the generator (see generated.ts).
 */
import { optionKeys, ownOptions } from '../core/errors.js';
import { isVariantRecord, readAnyPuzzles } from '../formats/reader.js';
import { GradeError, LEVELS, gradePuzzle, type Grade, type Level } from '../grader/index.js';
import { Solver } from '../solver/index.js';
import { openTextStream, textLines } from '../node/text-lines.js';
import type { BookSection } from './layout.js';
import type { BookPuzzle } from './pdf-writer.js';

/** A puzzle file that cannot make the asked-for book; the message names the file (and line). */
export class BookInputError extends Error {
  override readonly name = 'BookInputError';
  constructor(
    readonly code: 'INVALID_PUZZLE' | 'NOT_ENOUGH' | 'EMPTY',
    message: string,
  ) {
    super(message);
  }
}

/** A record left out of the book with `skipInvalid`. */
export interface SkippedRecord {
  source: string;
  line: number;
  reason: string;
}

/** Options of {@link puzzlesFromFile}. */
export interface FilePuzzlesOptions {
  /**
   * Take the first `count` puzzles of each section's level, in file order, and stop reading when
   * every section is full. Without it, every puzzle of the file goes in, one section per level.
   */
  sections?: readonly BookSection[] | undefined;
  /** Leave out unreadable, unsolvable and multi-solution puzzles instead of failing. Default false. */
  skipInvalid?: boolean;
  /** Called after each record is read (and graded). */
  onRecord?: (read: number) => void;
  /**
   * Called with the number of puzzles kept so far each time one is kept; what it throws stops the
   * reading and is thrown (the CLI stops once the book is certainly past the page limit).
   */
  onKept?: (kept: number) => void;
  /**
   * Grades a puzzle (default: {@link gradePuzzle} here). The CLI passes one that grades in a worker
   * thread, so that its main thread stays free to stop on a signal; it must throw GradeError as
   * gradePuzzle does.
   */
  grade?: (grid: Uint8Array) => Grade | Promise<Grade>;
}

/** A file's puzzles arranged into sections, numbered through the book. */
export interface FileBook {
  sections: BookSection[];
  puzzles: BookPuzzle[];
  skipped: SkippedRecord[];
}

interface Graded {
  grid: Uint8Array;
  solution: Uint8Array;
  level: Level;
  rating: number;
}

const FILE_PUZZLES_KEYS = optionKeys<FilePuzzlesOptions>({ sections: true, skipInvalid: true, onRecord: true, onKept: true, grade: true });

/**
 * Reads, checks, solves and grades the puzzles of a file and groups them by level (easiest first).
 * @throws BookInputError for a bad record (without `skipInvalid`) or too few puzzles of a level.
 */
export async function puzzlesFromFile(path: string, options: FilePuzzlesOptions = {}): Promise<FileBook> {
  options = ownOptions(options, FILE_PUZZLES_KEYS, 'puzzles-from-file');
  const wanted = options.sections;
  const need = new Map<string, number>();
  for (const s of wanted ?? []) need.set(s.level, (need.get(s.level) ?? 0) + s.count);
  const byLevel = new Map<string, Graded[]>();
  const skipped: SkippedRecord[] = [];
  const solver = new Solver();
  let read = 0;
  let kept = 0;
  let missing = wanted ? [...need.values()].reduce((a, b) => a + b, 0) : Infinity;

  const reject = (source: string, line: number, reason: string): void => {
    if (!options.skipInvalid) throw new BookInputError('INVALID_PUZZLE', `${source}:${line}: ${reason} (use --skip-invalid to leave such puzzles out)`);
    skipped.push({ source, line, reason });
  };

  const stream = await openTextStream(path);
  const lines = textLines(stream);
  try {
    // Every format is read, so that a variant is named as such (not "unexpected character 'x'").
    for await (const record of readAnyPuzzles(lines, { source: path })) {
      read++;
      if (!record.ok) {
        reject(record.error.source, record.error.line, record.error.reason);
        continue;
      }
      if (isVariantRecord(record.puzzle)) {
        const { source, line, rules } = record.puzzle;
        reject(source, line, `a ${rules.variant} puzzle: --puzzles takes classic 9x9 puzzles (variant sections are generated: --sections x-medium:10,...)`);
        continue;
      }
      const { grid, source, line } = record.puzzle;
      const count = solver.count(grid, 2);
      if (count !== 1) {
        reject(source, line, count === 0 ? 'the puzzle has no solution' : 'the puzzle has several solutions');
        continue;
      }
      const solution = Uint8Array.from(solver.solution);
      let grade;
      try {
        grade = options.grade ? await options.grade(grid) : gradePuzzle(grid);
      } catch (error) {
        if (error instanceof GradeError) {
          reject(source, line, error.message);
          continue;
        }
        throw error;
      }
      options.onRecord?.(read);
      const list = byLevel.get(grade.level) ?? [];
      if (wanted) {
        const room = need.get(grade.level) ?? 0;
        if (list.length >= room) continue;
        missing--;
      }
      list.push({ grid, solution, level: grade.level, rating: grade.rating });
      byLevel.set(grade.level, list);
      options.onKept?.(++kept);
      if (missing === 0) break;
    }
  } finally {
    stream.destroy();
  }

  const sections: BookSection[] = [];
  const puzzles: BookPuzzle[] = [];
  const take = (level: string, count: number, title?: string): void => {
    const list = byLevel.get(level) ?? [];
    if (list.length < count) {
      const found = list.length;
      throw new BookInputError('NOT_ENOUGH', `${path}: asked for ${count} more ${level} puzzles, the file has ${found === 0 ? 'none' : `only ${found}`} left`);
    }
    for (const g of list.splice(0, count)) {
      puzzles.push({ number: puzzles.length + 1, grid: g.grid, solution: g.solution, level: g.level, rating: g.rating });
    }
    sections.push(title === undefined ? { level, count } : { level, count, title });
  };
  if (wanted) {
    for (const s of wanted) take(s.level, s.count, s.title);
  } else {
    for (const row of LEVELS) {
      const count = byLevel.get(row.level)?.length ?? 0;
      if (count > 0) take(row.level, count);
    }
  }
  if (puzzles.length === 0) {
    // Worded as every command words it; skipped records are another story.
    throw new BookInputError('EMPTY', skipped.length === 0 ? `no puzzle found in ${path}` : `${path}: no puzzle left to lay out (${skipped.length} skipped)`);
  }
  return { sections, puzzles, skipped };
}
