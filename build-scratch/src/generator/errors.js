/**
 * A run that stopped early: the time limit passed, or one puzzle was not found within the attempt
 * limit. The puzzles before `index` were made (and yielded); `made` says how many.
 */
export class GenerateError extends Error {
    code;
    made;
    requested;
    index;
    name = 'GenerateError';
    constructor(code, 
    /** Puzzles made (and yielded) before the run stopped. */
    made, 
    /** How many were asked for. */
    requested, 
    /** Index of the puzzle that was not made. */
    index, message) {
        super(message);
        this.code = code;
        this.made = made;
        this.requested = requested;
        this.index = index;
    }
}
