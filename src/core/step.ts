/** A digit placed in a cell. */
export interface Placement {
  cell: number;
  digit: number;
}

/** A candidate (a digit still possible in a cell). */
export interface Candidate {
  cell: number;
  digit: number;
}

/** What justifies a step: the cells, digits and units of its pattern. */
export interface StepPattern {
  cells: number[];
  digits: number[];
  units: number[];
}

/**
 * One deduction, as data. Techniques return steps; only {@link applyStep} changes a board.
 * Grading, hints and explanations all read these records.
 */
export interface Step {
  /** Technique id from the registry, e.g. `hidden-single-box`. */
  technique: string;
  /** Difficulty of this instance on the Sudoku Explainer scale (chains add a length increment). */
  difficulty: number;
  placements: Placement[];
  eliminations: Candidate[];
  pattern: StepPattern;
}
