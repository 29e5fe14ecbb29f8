import { spawnSync } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/program.js';

/** What a CLI run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** Runs the CLI in-process with fake streams (stdin from `input`). */
export async function run(argv: string[], input = ''): Promise<CliRun> {
  const out = collector();
  const err = collector();
  const code = await runCli(argv, {
    stdout: out.stream,
    stderr: err.stream,
    stdin: Readable.from([input]),
    stderrIsTTY: false,
  });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** The built binary (`npm test` builds it first). */
export const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** Runs the built binary as a separate process. */
export function runBinary(argv: string[], input = ''): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...argv], { input, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
