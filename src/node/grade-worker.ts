/**
 * Worker thread for `grade --jobs N`: receives batches of puzzles (81-character strings, or variants
 * as their rules' spec and givens, the rules rebuilt here), answers with
 * their grades in the same order. Loaded from the compiled `dist/node/grade-worker.js`.
 */
import { parentPort } from 'node:worker_threads';
import { parsePuzzle } from '../core/parse.js';
import { GradeError, gradePuzzle } from '../grader/grade.js';
import type { BatchRequest, BatchResult, GradeOutcome, PoolPuzzle } from './grade-pool.js';
import { puzzleOf } from './variant-input.js';

function gradeOne(puzzle: PoolPuzzle, request: BatchRequest): GradeOutcome {
  try {
    const started = performance.now();
    const grade = gradePuzzle(typeof puzzle === 'string' ? parsePuzzle(puzzle) : puzzleOf(puzzle), request.options);
    return { ok: true, grade, ms: performance.now() - started };
  } catch (error) {
    if (error instanceof GradeError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

parentPort?.on('message', (request: BatchRequest) => {
  try {
    const results = request.puzzles.map((puzzle) => gradeOne(puzzle, request));
    parentPort!.postMessage({ id: request.id, results } satisfies BatchResult);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies BatchResult);
  }
});
