/** Why a run stopped before all its puzzles were made. */
export type GenerateErrorCode = 'TIMEOUT' | 'MAX_ATTEMPTS';

/**
 * A run that stopped early: the time limit passed, or one puzzle was not found within the attempt
 * limit. The puzzles before `index` were made (and yielded); `made` says how many.
 */
export class GenerateError extends Error {
  override readonly name = 'GenerateError';
  constructor(
    readonly code: GenerateErrorCode,
    /** Puzzles made (and yielded) before the run stopped. */
    readonly made: number,
    /** How many were asked for. */
    readonly requested: number,
    /** Index of the puzzle that was not made. */
    readonly index: number,
    message: string,
  ) {
    super(message);
  }
}
