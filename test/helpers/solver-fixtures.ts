import { readFileSync } from 'node:fs';

/** One `puzzle:count[:solution]` case. */
export interface SolverCase {
  line: number;
  comment: string;
  puzzle: Uint8Array;
  count: number;
  solution: Uint8Array | undefined;
}

function toGrid(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0));
}

/** Reads `test/fixtures/solver-cases.txt`; the latest `# comment` line names the group of each case. */
export function readSolverCases(path = new URL('../fixtures/solver-cases.txt', import.meta.url)): SolverCase[] {
  const cases: SolverCase[] = [];
  let comment = '';
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (text.startsWith('#')) {
        comment = text.slice(1).trim();
        return;
      }
      if (text.trim() === '') return;
      const [puzzle, count, solution] = text.split(':');
      cases.push({
        line: i + 1,
        comment,
        puzzle: toGrid(puzzle!),
        count: Number(count),
        solution: solution ? toGrid(solution) : undefined,
      });
    });
  return cases;
}
