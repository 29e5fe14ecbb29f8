/** The process's own streams. */
export function processIo() {
    return {
        stdout: process.stdout,
        stderr: process.stderr,
        stdin: process.stdin,
        stderrIsTTY: Boolean(process.stderr.isTTY),
    };
}
/** Exit codes shared by every command. */
export const EXIT = {
    ok: 0,
    /** Some puzzle is not unique / not solvable / invalid, or a target was not reached. */
    failure: 1,
    /** Bad options or arguments. */
    usage: 2,
};
/** A user's mistake in options or arguments: printed as one line, exit code 2. */
export class UsageError extends Error {
    name = 'UsageError';
    code = 'USAGE';
}
