/** Why a puzzle cannot be graded (UNSUPPORTED_RULES: killer cages on a grid other than 9x9; other sizes and Samurai go to the general grader, src/grader/general). */
export type GradeErrorCode = 'CONFLICT' | 'NO_SOLUTION' | 'MULTIPLE_SOLUTIONS' | 'UNSUPPORTED_RULES';

/** A puzzle that cannot be graded: conflicting givens, no solution, or several (with uniqueness on). */
export class GradeError extends Error {
  override readonly name = 'GradeError';
  readonly code: GradeErrorCode;
  constructor(code: GradeErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
