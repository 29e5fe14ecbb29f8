import type { Rules } from '../../src/rules/index.js';

/*
 * A brute-force count for any rules, to hold the solvers to (different code:
 * cells filled in order, a digit kept when no house holding the cell has it yet, a cage checked when
 * its last cell is filled, and the full grid checked house by house and cage by cage at the end).
 */
export function bruteCount(rules: Rules, givens: ArrayLike<number>, limit: number): number {
  const n = rules.cellCount;
  const grid = Array.from(givens);
  const housesOfCell: number[][] = Array.from({ length: n }, () => []);
  rules.houses.forEach((cells, h) => cells.forEach((cell) => housesOfCell[cell]!.push(h)));
  const cageCells = rules.cages.map((cage) => [...cage.cells]);
  const lastOfCage = new Map<number, number>();
  cageCells.forEach((cells, i) => lastOfCage.set(Math.max(...cells), i));
  const cageOk = (i: number): boolean => {
    const values = cageCells[i]!.map((cell) => grid[cell]!);
    if (new Set(values).size !== values.length) return false;
    const sum = rules.cages[i]!.sum;
    return sum === 0 || values.reduce((a, b) => a + b, 0) === sum;
  };
  const fullOk = (): boolean =>
    rules.houses.every((cells) => new Set([...cells].map((cell) => grid[cell])).size === rules.size) && cageCells.every((_, i) => cageOk(i));
  // Givens must not clash among themselves either, nor with an odd/even mark.
  for (let cell = 0; cell < n; cell++) {
    if (grid[cell] === 0) continue;
    if (rules.startMasks !== null && ((rules.startMasks[cell]! >> (grid[cell]! - 1)) & 1) === 0) return 0;
    for (const h of housesOfCell[cell]!) for (const other of rules.houses[h]!) if (other !== cell && grid[other] === grid[cell]) return 0;
  }
  let count = 0;
  const fill = (cell: number): void => {
    if (count >= limit) return;
    if (cell === n) {
      if (fullOk()) count++;
      return;
    }
    const done = (): void => {
      const cage = lastOfCage.get(cell);
      if (cage === undefined || cageOk(cage)) fill(cell + 1);
    };
    if (grid[cell] !== 0) return done();
    for (let digit = 1; digit <= rules.size; digit++) {
      // Odd/even marks: the digits a cell may hold at all.
      if (rules.startMasks !== null && ((rules.startMasks[cell]! >> (digit - 1)) & 1) === 0) continue;
      if (housesOfCell[cell]!.some((h) => [...rules.houses[h]!].some((other) => grid[other] === digit))) continue;
      grid[cell] = digit;
      done();
      grid[cell] = 0;
    }
  };
  fill(0);
  return count;
}

/** Whether `values` fill the grid under the rules: every house holds every digit, every cage is distinct and adds up. */
export function isSolution(rules: Rules, values: ArrayLike<number>): boolean {
  const full = (1 << rules.size) - 1;
  for (const cells of rules.houses) {
    let mask = 0;
    for (const cell of cells) mask |= 1 << (values[cell]! - 1);
    if (mask !== full) return false;
  }
  return rules.cages.every((cage) => {
    const digits = [...cage.cells].map((cell) => values[cell]!);
    return new Set(digits).size === digits.length && (cage.sum === 0 || digits.reduce((a, b) => a + b, 0) === cage.sum);
  });
}

/** `solution` with `blanks` random cells emptied. */
export function blanked(solution: Uint8Array, blanks: number, random: () => number): Uint8Array {
  const givens = solution.slice();
  const cells = Array.from(solution, (_, i) => i).sort(() => random() - 0.5);
  for (const cell of cells.slice(0, blanks)) givens[cell] = 0;
  return givens;
}

