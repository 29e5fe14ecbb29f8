import { readFileSync } from 'node:fs';
import { parseVariantLine } from '../../src/formats/line.js';
import { charDigit } from '../../src/formats/values.js';
import { sectionTitle, type BookVariant } from '../../src/book/variants.js';
import type { BookSection } from '../../src/render/layout.js';
import type { BookPuzzle } from '../../src/render/pdf-writer.js';
import { parsePuzzle } from '../../src/core/parse.js';
import { Solver } from '../../src/solver/index.js';

/**
 * test/fixtures/variant-book.jsonl: puzzles of each variant as `generate --variant V --json
 * --seed book-fixture` wrote them (made once: Samurai and 16x16 take seconds to generate).
 */
interface Made {
  variant: BookVariant;
  puzzle: string;
  solution: string;
  level: string;
}

const MADE: Made[] = readFileSync(new URL('../fixtures/variant-book.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('{'))
  .map((line) => JSON.parse(line) as Made);

const CLASSIC = readFileSync(new URL('../fixtures/book-puzzles.txt', import.meta.url), 'utf8');

/**
 * A book of the fixture's puzzles: `kinds` as `x:2` (a variant and a count) or `easy:2` (classic
 * puzzles of the book fixture, whatever their level), numbered through the book.
 */
export function variantBook(kinds: readonly string[]): { sections: BookSection[]; puzzles: BookPuzzle[] } {
  const sections: BookSection[] = [];
  const puzzles: BookPuzzle[] = [];
  const solver = new Solver();
  const classic = CLASSIC.split('\n')
    .filter((line) => /^[.0-9]{81}$/.test(line.trim()))
    .map((line) => {
      const grid = parsePuzzle(line.trim());
      solver.count(grid, 2);
      return { grid, solution: Uint8Array.from(solver.solution) };
    });
  const variety = kinds.some((k) => !/^(easy|medium|hard)/.test(k));
  for (const kind of kinds) {
    const [name, countText] = kind.split(':') as [string, string];
    const count = Number(countText);
    if (/^(easy|medium|hard)$/.test(name)) {
      for (const p of classic.splice(0, count)) puzzles.push({ number: puzzles.length + 1, grid: p.grid, solution: p.solution, level: name });
      sections.push({ level: name, count, ...(variety ? { title: sectionTitle(name, undefined, true) } : {}) });
      continue;
    }
    const made = MADE.filter((m) => m.variant === name).slice(0, count);
    if (made.length < count) throw new Error(`the fixture has ${made.length} ${name} puzzles, not ${count}`);
    for (const m of made) {
      const { rules, givens } = parseVariantLine(m.puzzle);
      const solution = Uint8Array.from(m.solution, (ch) => charDigit(ch.charCodeAt(0)));
      puzzles.push({ number: puzzles.length + 1, grid: givens, solution, level: m.level, rules, variant: m.variant });
    }
    sections.push({ level: made[0]!.level, count, variant: name as BookVariant, title: sectionTitle(made[0]!.level, name as BookVariant, true) });
  }
  return { sections, puzzles };
}
