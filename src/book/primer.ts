/**
 * The primer: for each technique the book's puzzles need, one example taken from the book itself
 * (the board at that step, the pattern, what it removes or places), a few plain words, and the
 * puzzles that need it. Also the hints: for each puzzle above easy, its first step beyond singles.
 * Pure data from the grader's steps; drawing is left to the renderer.
 */
import { optionKeys, ownOptions } from '../core/errors.js';
import { applyStep, boardFromGrid, type Board } from '../core/board.js';
import type { Grid } from '../core/grid.js';
import type { Step } from '../core/step.js';
import { describeStep, hintTiers, solvePath, type HintTiers } from '../grader/index.js';

/** A family of techniques the primer explains on one page. */
export interface PrimerTopic {
  id: string;
  title: string;
  /** What to look for and why it works, in plain words. */
  text: string;
  /** Technique ids of the grader that this topic covers. */
  techniques: readonly string[];
  /** Draw the pencil marks on its example (not for singles, which need none). */
  marks: boolean;
}

/** The primer's topics, in the order a solver meets them. */
export const PRIMER_TOPICS: readonly PrimerTopic[] = [
  {
    id: 'singles-place',
    title: 'The only place for a digit',
    text:
      'Pick a box, row or column and a digit it still lacks. Cross out every square the digit cannot take because the same ' +
      'digit already sits in that square\u2019s row, column or box. When one square is left, the digit goes there. A row ' +
      'or box with one empty square left is the simplest case.',
    techniques: ['full-house', 'hidden-single-box', 'hidden-single-line'],
    marks: false,
  },
  {
    id: 'singles-digit',
    title: 'The only digit for a square',
    text:
      'Look at one empty square and list the digits already in its row, its column and its box. When eight different ' +
      'digits are there, the ninth is the answer.',
    techniques: ['naked-single'],
    marks: false,
  },
  {
    id: 'pointing',
    title: 'A digit held to one line in a box',
    text:
      'When a digit\u2019s possible squares inside a box all lie on one row (or column), the digit must be on that line within ' +
      'the box, so it can be crossed off the rest of that line outside the box.',
    techniques: ['direct-pointing', 'pointing'],
    marks: true,
  },
  {
    id: 'claiming',
    title: 'A digit held to one box in a line',
    text:
      'When a digit\u2019s possible squares in a row (or column) all lie inside one box, the digit must be there, so it can be ' +
      'crossed off the other squares of that box.',
    techniques: ['direct-claiming', 'claiming'],
    marks: true,
  },
  {
    id: 'pairs',
    title: 'Pairs',
    text:
      'Two squares of a row, column or box that can only take the same two digits share them out between them: those two ' +
      'digits can go nowhere else in that unit. Likewise, when two digits can only go in the same two squares of a unit, ' +
      'those squares hold nothing else.',
    techniques: ['naked-pair', 'hidden-pair', 'direct-hidden-pair'],
    marks: true,
  },
  {
    id: 'triples',
    title: 'Triples and quads',
    text:
      'The same idea with three (or four) squares: when three squares of a unit can only take digits from the same three, ' +
      'those digits are used up there and can be crossed off the rest of the unit; or three digits confined to three ' +
      'squares leave no room in them for anything else.',
    techniques: ['naked-triple', 'hidden-triple', 'direct-hidden-triple', 'naked-quad', 'hidden-quad'],
    marks: true,
  },
  {
    id: 'fish',
    title: 'X-wing, swordfish and jellyfish',
    text:
      'Look at one digit. When, in two rows, it can only go in the same two columns, then it takes those columns in one of two ' +
      'ways and either way both columns get it from these rows: cross it off the rest of both columns. With three rows and ' +
      'three columns it is a swordfish, with four a jellyfish; rows and columns may swap roles.',
    techniques: ['x-wing', 'swordfish', 'jellyfish'],
    marks: true,
  },
  {
    id: 'wings',
    title: 'Wings',
    text:
      'A square with two possible digits, say 3 or 7, sees two other squares: one with 3 or 5, one with 7 or 5. Whichever digit ' +
      'the first square takes, one of the other two becomes a 5, so any square that sees both of them cannot be 5.',
    techniques: ['xy-wing', 'xyz-wing'],
    marks: true,
  },
  {
    id: 'uniqueness',
    title: 'Deadly patterns',
    text:
      'A puzzle with one solution can never end with four squares in two rows, two columns and two boxes holding the same two ' +
      'digits, since the digits could then be swapped. When such a rectangle is about to form, the step that would complete it ' +
      'is ruled out.',
    techniques: [
      'unique-rectangle-1', 'unique-rectangle-2', 'unique-rectangle-3', 'unique-rectangle-4',
      'unique-loop-1', 'unique-loop-2', 'unique-loop-3', 'unique-loop-4',
      'bug-1', 'bug-2', 'bug-3', 'bug-4',
    ],
    marks: true,
  },
  {
    id: 'exclusion',
    title: 'Pairs that cannot be',
    text:
      'Take two squares that see each other. Try each pair of digits they could hold together: a pair that would leave some ' +
      'other square with nothing to take is impossible. A digit that is in no possible pair is crossed off.',
    techniques: ['aligned-pair-exclusion', 'aligned-triple-exclusion'],
    marks: true,
  },
  {
    id: 'chains',
    title: 'Chains',
    text:
      'Follow a chain of links: "if this square is not 4, that one is", "if that one is 4, this other one is not". A chain ' +
      'that comes back to where it started, or two chains that meet, show which digit must go (or cannot go) in a square.',
    techniques: ['x-cycle', 'y-cycle', 'forcing-x-chain', 'xy-cycle', 'forcing-xy-chain'],
    marks: true,
  },
  {
    id: 'forcing',
    title: 'Forcing chains',
    text:
      'Suppose a digit in a square and follow everything it forces. When that ends in a contradiction, the digit is wrong. ' +
      'When every digit a square could take forces the same result elsewhere, that result is true whichever is right.',
    techniques: [
      'nishio-forcing-chains', 'multiple-forcing-chains', 'dynamic-forcing-chains', 'dynamic-forcing-chains-plus',
      'nested-forcing-chains', 'nested-multiple-forcing-chains', 'nested-dynamic-forcing-chains',
      'nested-dynamic-forcing-chains-plus',
    ],
    marks: true,
  },
];

const TOPIC_OF = new Map<string, PrimerTopic>(PRIMER_TOPICS.flatMap((topic) => topic.techniques.map((id) => [id, topic] as const)));

/** A puzzle as the primer reads it. */
export interface PrimerPuzzle {
  number: number;
  grid: Grid;
  level: string;
}

/** One page of the primer: a topic and its example. */
export interface PrimerEntry {
  topic: PrimerTopic;
  /** The puzzle the example comes from. */
  puzzle: number;
  /** The board just before the step. */
  board: Board;
  /** The puzzle's givens (to tell them from digits placed since). */
  givens: Grid;
  step: Step;
  /** The grader's words for the step (cells as r3c4). */
  detail: string;
  /** Numbers of the puzzles whose solving path uses the topic. */
  puzzles: number[];
}

/** A hint: the first step of a puzzle beyond singles, in words. */
export interface HintEntry {
  puzzle: number;
  /** The step as `explain` words it (technique names, r3c4 cells). */
  text: string;
  /** The same step in three plain-worded tiers: where to look, the idea, the answer. */
  tiers?: HintTiers;
}

/** The primer and the hints of a book, from the solving paths of its puzzles. */
export interface Teaching {
  primer: PrimerEntry[];
  hints: HintEntry[];
}

const SINGLES = new Set(['full-house', 'hidden-single-box', 'hidden-single-line', 'naked-single']);
const EASY_LEVELS = new Set(['beginner', 'easy']);

const TEACH_KEYS = optionKeys<NonNullable<Parameters<typeof teach>[1]>>({ onPuzzle: true });

/**
 * Collects, per topic, the first example met in book order (a puzzle whose path needs the topic at
 * its first technique above singles is preferred: its board is nearer the start and easier to read),
 * and per puzzle above easy its first step beyond singles, from each puzzle's solving path given in
 * book order (the CLI solves them in a worker thread; {@link teach} solves them here).
 */
export class Teacher {
  private readonly found = new Map<string, { entry: PrimerEntry; empties: number }>();
  private readonly hints: HintEntry[] = [];

  /** Takes in one puzzle (the next in book order) and its path ({@link solvePath}). */
  add(puzzle: PrimerPuzzle, steps: readonly Step[]): void {
    const found = this.found;
    const board = boardFromGrid(puzzle.grid);
    const seen = new Set<string>();
    let hinted = EASY_LEVELS.has(puzzle.level);
    for (const step of steps) {
      const topic = TOPIC_OF.get(step.technique);
      if (topic && !seen.has(topic.id)) {
        seen.add(topic.id);
        const empties = board.values.reduce((n, v) => n + (v === 0 ? 1 : 0), 0);
        const known = found.get(topic.id);
        // The example with the fullest board is the clearest one: fewer pencil marks to read.
        if (!known || (empties < known.empties && known.entry.puzzle !== puzzle.number && topic.marks)) {
          const entry: PrimerEntry = {
            topic,
            puzzle: puzzle.number,
            board: { values: board.values.slice(), candidates: board.candidates.slice() },
            givens: puzzle.grid,
            step,
            detail: describeStep(step),
            puzzles: known ? known.entry.puzzles : [],
          };
          found.set(topic.id, { entry, empties });
        }
        found.get(topic.id)!.entry.puzzles.push(puzzle.number);
      }
      if (!hinted && !SINGLES.has(step.technique)) {
        this.hints.push({ puzzle: puzzle.number, text: describeStep(step), tiers: hintTiers(step) });
        hinted = true;
      }
      applyStep(board, step);
    }
  }

  /** The primer and the hints of the puzzles added so far. */
  teaching(): Teaching {
    const primer = PRIMER_TOPICS.flatMap((topic) => {
      const f = this.found.get(topic.id);
      return f ? [f.entry] : [];
    });
    return { primer, hints: this.hints };
  }
}

/**
 * Solves every puzzle step by step and collects, per topic, the first example met in book order, and
 * per puzzle above easy its first step beyond singles (see {@link Teacher}).
 */
export function teach(puzzles: Iterable<PrimerPuzzle>, options: { onPuzzle?: (n: number) => void } = {}): Teaching {
  options = ownOptions(options, TEACH_KEYS, 'teach');
  const teacher = new Teacher();
  for (const puzzle of puzzles) {
    teacher.add(puzzle, solvePath(puzzle.grid));
    options.onPuzzle?.(puzzle.number);
  }
  return teacher.teaching();
}
