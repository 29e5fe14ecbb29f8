import { CodedError } from '../core/errors.js';

/** Why a puzzle cannot be graded (UNSUPPORTED_RULES: killer cages on a grid other than 9x9; other sizes and Samurai go to the general grader, src/grader/general). */
export type GradeErrorCode = 'CONFLICT' | 'NO_SOLUTION' | 'MULTIPLE_SOLUTIONS' | 'UNSUPPORTED_RULES';

/** A puzzle that cannot be graded: conflicting givens, no solution, or several (with uniqueness on). */
export class GradeError extends CodedError<GradeErrorCode> {
  override readonly name = 'GradeError';
}
