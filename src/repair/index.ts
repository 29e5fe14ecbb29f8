/**
 * Repairing a puzzle that is not unique (the fewest clues to add) or has no solution (the fewest
 * givens to remove), proven smallest by exact hitting sets over unavoidable sets or cores.
 */
export {
  repairPuzzle,
  RepairError,
  type RepairOptions,
  type RepairReport,
  type RepairErrorCode,
  type AddRepair,
  type RemoveRepair,
} from './repair.js';
export { SetFamily, searchHittingSets, type HittingSetOptions, type HittingSetResult } from './hitting-set.js';
