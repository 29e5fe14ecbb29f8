/**
 * The words of a book that are not puzzles: front matter (title, author, publisher...) and the texts
 * of the "How to play" and "About the levels" pages, the dividers and the copyright page. Plain data
 * with defaults; a template's `front` and `texts` fields and the CLI flags override them.
 */

/** Who and what the book is: the title page, the copyright page and the PDF's metadata. */
export interface FrontMatter {
  title: string;
  /** Empty: none. */
  subtitle: string;
  author: string;
  publisher: string;
  /** The copyright year as printed ("2025"); empty: the © line has no year. */
  year: string;
  /** e.g. "First edition"; printed on the copyright page. */
  edition: string;
  /** Printed on the copyright page when given (checked: ISBN-10 or ISBN-13 with its check digit). */
  isbn: string;
  /** A "Made with sudoku-press" line on the copyright page; off unless asked for. */
  credit: boolean;
}

/** Texts a user can replace (template `texts`, or `--texts file.json`). */
export interface BookTexts {
  /** The rules, one paragraph. */
  howToPlay: string;
  /** Under the illustrated example of "How to play". */
  example: string;
  /** A paragraph about pencil marks, after the example. */
  pencilMarks: string;
  /** "All rights reserved" and what follows, on the copyright page. */
  rights: string;
  /** What each level asks of a solver, in a buyer's words: on "About the levels" and the dividers. */
  levels: Record<string, string>;
  /** Under the heading of the solutions divider. */
  solutions: string;
  /** First paragraph of the primer chapter. */
  primer: string;
  /** First paragraph of the hints section. */
  hints: string;
  /** The cover's back text (paragraphs split by a blank line); empty: made from the book's contents. */
  back: string;
}

/**
 * The longest text a book takes (each of {@link BookTexts}, each level's): 5,000 characters, about
 * a full page of body text. Longer would not fit its page anyway (what does not fit is refused
 * when the book is planned); the cap keeps a 6 MB text from being measured word by word first.
 */
export const MAX_TEXT_LENGTH = 5000;
/** The largest `--texts` file: room for every text at its longest, and JSON around them. */
export const MAX_TEXTS_FILE_CHARS = 100_000;

export const DEFAULT_FRONT_MATTER: FrontMatter = {
  title: 'Sudoku Puzzles',
  subtitle: '',
  author: '',
  publisher: '',
  year: '',
  edition: '',
  isbn: '',
  credit: false,
};

export const DEFAULT_TEXTS: BookTexts = {
  howToPlay:
    'Fill every empty square with a digit from 1 to 9 so that each row, each column and each of the nine ' +
    '3\u00d73 boxes holds every digit exactly once. The printed digits stay as they are. Every puzzle in ' +
    'this book has exactly one solution, and each can be solved by reasoning alone: no guessing is needed. ' +
    'The solutions are at the back of the book.',
  example:
    'Where does the 5 go in the shaded box? The 5s in rows 2 and 3 and the 5 in column 2 rule out every ' +
    'empty square of the box but one: the top-left corner.',
  pencilMarks:
    'In harder puzzles, write the digits a square can still take in small figures in its corners (pencil ' +
    'marks), and cross them out as the grid fills up.',
  rights:
    'All rights reserved. No part of this book may be reproduced, stored or transmitted in any form or by ' +
    'any means without the written permission of the publisher, except that the buyer may copy puzzles ' +
    'for their own personal use.',
  levels: {
    beginner: 'A gentle start. Each empty square can be filled by looking at its row, column and box; no pencil marks needed.',
    easy: 'Look for the one square in a row, column or box where a digit can go, or the one digit a square can take. Every step is one of those two.',
    medium:
      'Now and then pencil marks help: a digit held to one line inside a box, or two squares sharing the same two digits, rules that digit out elsewhere.',
    hard: 'Longer pencil-mark work: three squares sharing three digits, a digit forming a pattern over three rows, and short "wings" of linked pairs.',
    expert:
      'Bigger patterns and short chains of reasoning: follow what one choice would force, a few squares ahead, to rule a digit out.',
    extreme: 'Long chains of "if this, then that" reasoning through the whole grid. For seasoned solvers who enjoy a fight.',
  },
  solutions: 'The printed digits in bold, the ones you fill in grey.',
  primer:
    'Every technique this book\u2019s puzzles need beyond the basics, each shown on a real position from one of ' +
    'its puzzles: the board as it stands at that moment, the pattern shaded, and the puzzles that need it.',
  hints: 'Stuck? For each puzzle harder than easy, a hint for its first step beyond the simplest, in three parts on separate pages, so that you can stop as soon as you see it: where to look, the idea, then the answer. Rows are numbered 1 to 9 from the top and columns 1 to 9 from the left, as printed beside the puzzles; boxes 1 to 9 row by row from the top left.',
  back: '',
};

/** The level a buyer reads on the dividers and on "About the levels". */
export function levelText(texts: BookTexts, level: string): string {
  return texts.levels[level] ?? '';
}

/**
 * Whether an ISBN (hyphens and spaces allowed) has the right length and check digit. ISBN-13 weights
 * digits 1,3,1,3...; ISBN-10 weights 10 down to 1 (X is 10, last place only), sum divisible by 11.
 */
export function isValidIsbn(text: string): boolean {
  if (typeof text !== 'string') return false;
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{13}$/.test(compact)) {
    let sum = 0;
    for (let i = 0; i < 13; i++) sum += Number(compact[i]) * (i % 2 === 0 ? 1 : 3);
    return sum % 10 === 0;
  }
  if (/^\d{9}[\dX]$/.test(compact)) {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += (compact[i] === 'X' ? 10 : Number(compact[i])) * (10 - i);
    return sum % 11 === 0;
  }
  return false;
}

/** The © line: `© 2025 Jane Doe`; the holder is the author, else the publisher. Empty when neither nor a year. */
export function copyrightLine(front: FrontMatter): string {
  const holder = front.author !== '' ? front.author : front.publisher;
  const parts = [front.year, holder].filter((part) => part !== '');
  return parts.length === 0 ? '' : `\u00a9 ${parts.join(' ')}`;
}
