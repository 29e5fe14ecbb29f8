import { GenerateError } from '../generator/errors.js';
import { EXIT, type CliIo, type CommandState } from './io.js';
import { errorLine } from './json.js';
import type { OutputTarget, TargetCliOptions } from './output-target.js';
import type { Progress } from './progress.js';

/** What {@link writeGenerated} needs of a generate run (classic or variant). */
export interface GeneratedRun {
  io: CliIo;
  state: CommandState;
  cli: Pick<TargetCliOptions, 'output' | 'resume'>;
  target: OutputTarget;
  progress: Progress;
  /** Puzzles a resumed run found made already. */
  done: number;
  /** Whether a failure also ends standard output with a JSON error line (`--json` to stdout). */
  jsonErrors: boolean;
  /** Replaces the library's "raise the attempt limit" with the option that raises it. */
  attemptLimit: string;
  /** A first line that is not a puzzle (a CSV header), written before them and not counted. */
  header?: string | undefined;
}

/**
 * Writes generated lines through the output target, with progress and the saves of a resumable
 * run; standard output is flushed at least every 250 ms, so slow puzzles still reach the reader. A
 * GenerateError (time or attempt limit) ends the run with one line and exit code 1, keeping what a
 * resumable run made; any other error abandons the output and is thrown.
 */
export async function writeGenerated(lines: AsyncIterable<string>, run: GeneratedRun): Promise<void> {
  const { io, target, progress, done, cli } = run;
  const out = target.writer;
  let made = 0;
  try {
    if (run.header !== undefined) await out.line(run.header);
    let flushed = performance.now();
    for await (const line of lines) {
      await out.line(line);
      made++;
      progress.update(made);
      await target.progress(done + made, {});
      const now = performance.now();
      if (!target.toFile && now - flushed > 250) {
        await out.flush();
        flushed = now;
      }
    }
    progress.clear();
    await target.finish(done + made, {});
  } catch (error) {
    progress.clear();
    if (!(error instanceof GenerateError)) {
      await target.abandon(done + made, {});
      throw error;
    }
    // The error line ends standard output; a file keeps only puzzles (a resumed run goes on from them).
    if (run.jsonErrors && !target.toFile) await out.line(errorLine(error.code, error.message));
    await target.abandon(done + made, {});
    const kept = cli.resume ? `; ${done + made} made so far are kept in ${cli.output}.part: run the same command again to go on` : cli.output !== undefined ? '; no file written' : '';
    io.stderr.write(`sudoku-press: ${error.message.replace('raise the attempt limit', run.attemptLimit)}${kept}\n`);
    run.state.exitCode = EXIT.failure;
  }
}
