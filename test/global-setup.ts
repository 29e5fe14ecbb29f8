import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INSTALL_HINT, REQUIRE_ENV, SKIP_LOG_ENV } from './helpers/system-tools.js';

/**
 * Collects the lines of tests skipped for a missing system tool (test/helpers/system-tools.ts) and
 * prints them once more at the end of the run, with how to install the tools.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-press-skips-'));
  const log = join(dir, 'skipped.log');
  // Workers start after the global setup and inherit the environment.
  process.env[SKIP_LOG_ENV] = log;
  return () => {
    let lines: string[] = [];
    try {
      lines = [...new Set(readFileSync(log, 'utf8').split('\n').filter((line) => line !== ''))];
    } catch {
      // nothing was skipped
    }
    rmSync(dir, { recursive: true, force: true });
    if (lines.length === 0) return;
    process.stdout.write(
      `\nSkipped for missing system tools (${lines.length}):\n${lines.map((line) => `  ${line}`).join('\n')}\n` +
        `Install them to run everything: ${INSTALL_HINT} (CI sets ${REQUIRE_ENV}=1, where a missing tool fails the run).\n`,
    );
  };
}
