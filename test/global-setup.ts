import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { BROWSER_FILE_ENV, startChromium } from './helpers/browser.js';
import { INSTALL_HINT, REQUIRE_ENV, SKIP_LOG_ENV, findTool } from './helpers/system-tools.js';

/**
 * Collects the lines of tests skipped for a missing system tool (test/helpers/system-tools.ts) and
 * prints them once more at the end of the run, with how to install the tools. Starts the one
 * Chromium the browser tests share (test/helpers/browser.ts), where there is one, and ends it.
 */
export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-press-skips-'));
  const log = join(dir, 'skipped.log');
  // Workers start after the global setup and inherit the environment.
  process.env[SKIP_LOG_ENV] = log;
  let browser: Promise<Browser | null> = Promise.resolve(null);
  if (findTool('chromium') !== null) {
    const file = join(dir, 'browser.json');
    process.env[BROWSER_FILE_ENV] = file;
    // Not awaited: the first files need no browser, so the launch overlaps them.
    browser = startChromium().then(
      (started) => {
        // Written whole, then renamed: a worker never reads half of it.
        writeFileSync(`${file}.tmp`, JSON.stringify({ ws: started.wsEndpoint() }));
        renameSync(`${file}.tmp`, file);
        return started;
      },
      (error: unknown) => {
        writeFileSync(`${file}.tmp`, JSON.stringify({ error: String(error) }));
        renameSync(`${file}.tmp`, file);
        return null;
      },
    );
  }
  return async () => {
    await (await browser)?.close();
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
