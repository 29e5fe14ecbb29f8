/*
 * Restarts of a count, shared by band-extra-solver.ts, grid9-solver.ts and the general solver
 * (rules-solver.ts). On puzzles a search takes tens to thousands of nodes, but on a nearly empty
 * grid one early choice that no rule refutes until deep down can cost millions. So past a budget
 * of nodes a count starts again from the givens, taking the cells in another order; the budget
 * doubles at each attempt and the last attempt runs to the end. Deterministic: same input, same
 * search.
 */

/** Search nodes of a count's first attempt on 81 cells before it starts again. */
export const FIRST_ATTEMPT_NODES = 5_000;
/** The attempt that runs to the end. */
export const LAST_ATTEMPT = 8;
/** A node count no search reaches (a small integer). */
export const NEVER = 0x3fffffff;

/** The node count past which `attempt` (1 and up) stops, given the nodes spent so far and the first attempt's budget. */
export function attemptStop(attempt: number, nodes: number, first: number): number {
  return attempt === LAST_ATTEMPT ? NEVER : nodes + first * 2 ** attempt;
}
