import { expect } from 'vitest';
import { placeDigit, type Board } from '../../src/core/board.js';
import type { Step } from '../../src/core/step.js';
import { SINGLE_DIGIT, UNIT_CELLS } from '../../src/core/tables.js';
import { LADDER } from '../../src/techniques/registry.js';

/** Fails unless every placement of the step is the solution's digit and no elimination removes it. */
export function expectSound(step: Step, solution: Uint8Array, where: string): void {
  for (const p of step.placements) expect(solution[p.cell], `${where}: ${step.technique} places a wrong digit`).toBe(p.digit);
  for (const e of step.eliminations) expect(solution[e.cell], `${where}: ${step.technique} eliminates the solution`).not.toBe(e.digit);
}

/** Naked and hidden singles until none applies: cheap filler between the steps a test checks. */
export function fillSingles(board: Board): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (let cell = 0; cell < 81; cell++) {
      const d = SINGLE_DIGIT[board.candidates[cell]!]!;
      if (board.values[cell] === 0 && d) {
        placeDigit(board, cell, d);
        changed = true;
      }
    }
    for (let unit = 0; unit < 27; unit++) {
      for (let d = 0; d < 9; d++) {
        let where = -1;
        let count = 0;
        for (let i = 0; i < 9; i++) {
          const cell = UNIT_CELLS[unit * 9 + i]!;
          if (board.candidates[cell]! & (1 << d)) {
            count++;
            where = cell;
          }
        }
        if (count === 1) {
          placeDigit(board, where, d + 1);
          changed = true;
        }
      }
    }
  }
}

const BASIC = LADDER.filter((def) => def.difficulty < 4.5);

/** The grader's easiest step below the uniqueness techniques (singles to XYZ-wing), or null. */
export function nextBasicStep(board: Readonly<Board>): Step | null {
  for (const def of BASIC) {
    const step = def.find(board, { uniqueness: true });
    if (step !== null) return step;
  }
  return null;
}
