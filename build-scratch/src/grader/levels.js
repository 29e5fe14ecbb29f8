/**
 * THE level table (the only one in the code). A puzzle that needed a guess is `extreme` whatever
 * its rating.
 */
export const LEVELS = [
    { level: 'beginner', maxRating: 1.5, description: 'hidden singles, no pencil marks' },
    { level: 'easy', maxRating: 2.3, description: 'singles' },
    { level: 'medium', maxRating: 3.4, description: 'intersections, pairs, X-wing' },
    { level: 'hard', maxRating: 4.6, description: 'triples, swordfish, wings, simple uniqueness' },
    { level: 'expert', maxRating: 7.4, description: 'quads, jellyfish, BUG, exclusion, cycles, simple forcing chains' },
    { level: 'extreme', maxRating: Number.POSITIVE_INFINITY, description: 'harder forcing chains, or guessing' },
];
/** The level of a rating; `guessed` (the path needed a guess) makes it `extreme`. */
export function levelOf(rating, guessed = false) {
    if (guessed)
        return 'extreme';
    for (const row of LEVELS)
        if (rating <= row.maxRating + 1e-9)
            return row.level;
    return 'extreme';
}
/** Whether a string names a level. */
export function isLevel(text) {
    return LEVELS.some((row) => row.level === text);
}
/**
 * Difficulty given to a guess: above every technique of the Sudoku Explainer scale that our ladder
 * can reach, so that a puzzle that needs a guess ranks above all that do not.
 */
export const GUESS_DIFFICULTY = 11.0;
/** Rounds a rating to one decimal. */
export function roundRating(rating) {
    return Math.round(rating * 10) / 10;
}
