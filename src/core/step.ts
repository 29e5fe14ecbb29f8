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
 * One node of a chain of implications: a candidate implied true (`on`: it would be placed) or
 * false (`on: false`: it would be eliminated). Consecutive nodes alternate: an "on" node implies
 * "off" nodes (a weak link, `-`), an "off" node implies an "on" node (a strong link, `=`).
 */
export interface ChainNode {
  cell: number;
  digit: number;
  on: boolean;
  /**
   * Indices (into the chain's `nodes`) of the nodes that together imply this one. Omitted: the
   * previous node alone (a linear chain); empty for the starting assumption. More than one parent
   * happens only in dynamic forcing chains.
   */
  parents?: number[];
  /**
   * Why the parent implies this node: a house 0..houseCount-1 of the rules' geometry (the digit's
   * other places in that house: rows 0-8, columns 9-17, boxes or jigsaw regions 18-26, extra
   * houses such as diagonals or windows from 27; classic numbers are the units 0..26), or -1 for
   * the cell itself (its other digits). Omitted for the start, for advanced causes, and for a
   * killer cage-mate that shares no house (a cage is not a house).
   */
  unit?: number;
  /** Chains that prove this implication (nested forcing chains); each may nest further. */
  proof?: ChainData[];
}

/** A chain of implications from its first node (the assumption) to its last (the conclusion). */
export interface ChainData {
  nodes: ChainNode[];
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
  /**
   * For chain techniques: the chains behind the step, for `explain` (see `formatChain` of
   * techniques/chains). A bidirectional cycle is one chain that returns to its first node.
   */
  chains?: ChainData[];
  /**
   * The technique's effort bound was hit while searching. With placements or eliminations, the step
   * is sound but may not be the easiest one; without any, the search found nothing within its bound:
   * the grader must not apply it, and should report the rating as at least `difficulty`.
   */
  truncated?: boolean;
}
