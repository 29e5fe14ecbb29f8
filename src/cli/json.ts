import type { PuzzleFormatError } from '../core/errors.js';
import { formatGrid } from '../core/grid.js';
import type { PuzzleRecord } from '../core/parse.js';
import type { GradeErrorCode } from '../grader/grade.js';

/*
 * The one JSON vocabulary of `--json`: one object per line, each with a `type`:
 *   "puzzle"   a result for one input record or one made puzzle (every command)
 *   "summary"  totals at the end (check)
 *   "template" a book template (templates)
 *   "error"    a run that stopped (generate: target not reached in time)
 * A puzzle line carries `status`, one of the words below, and a failure carries `code` and `error`
 * (the message), whatever the command.
 */

/** What became of a puzzle: counted solutions, unreadable input, or graded (grade, explain, hint). */
export type Status = 'unique' | 'multiple' | 'none' | 'invalid' | 'graded';

/** Where a record came from, and the puzzle as 81 characters. */
export function recordFields(record: PuzzleRecord): Record<string, unknown> {
  return {
    source: record.source,
    line: record.line,
    ...(record.label === undefined ? {} : { label: record.label }),
    puzzle: formatGrid(record.grid),
  };
}

/** A record that could not be read: `invalid`, with the reader's code and message. */
export function invalidLine(error: PuzzleFormatError): string {
  return JSON.stringify({ type: 'puzzle', source: error.source, line: error.line, status: 'invalid', code: error.code, error: error.reason });
}

/** The status of a puzzle the grader refused. */
export function gradeFailureStatus(code: GradeErrorCode): Status {
  return code === 'CONFLICT' ? 'invalid' : code === 'NO_SOLUTION' ? 'none' : 'multiple';
}

/** A puzzle the grader refused: its status, code and message. */
export function gradeFailureLine(record: PuzzleRecord, code: GradeErrorCode, message: string, command?: Record<string, unknown>): string {
  return JSON.stringify({ type: 'puzzle', ...recordFields(record), status: gradeFailureStatus(code), code, error: message, ...command });
}

/** A run that stopped, as the last line of its output. */
export function errorLine(code: string, message: string): string {
  return JSON.stringify({ type: 'error', code, error: message });
}
