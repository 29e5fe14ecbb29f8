import { accessSync, appendFileSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, test } from 'vitest';

/**
 * System tools some tests drive, and the Debian package of each. On a machine without one (a
 * newcomer's, with only Node and npm) those tests are skipped with a line naming the tool, and the
 * run ends with a summary (test/global-setup.ts). CI installs them all and sets
 * SUDOKU_PRESS_REQUIRE_TOOLS=1, under which a missing tool fails the run instead.
 */
export const SYSTEM_TOOLS = {
  chromium: { commands: ['chromium', 'chromium-browser'], pkg: 'chromium' },
  pdftoppm: { commands: ['pdftoppm'], pkg: 'poppler-utils' },
  parallel: { commands: ['parallel'], pkg: 'parallel' },
} as const;
export type SystemTool = keyof typeof SYSTEM_TOOLS;

/** Where skipped tests are noted for the end-of-run summary (set by the global setup). */
export const SKIP_LOG_ENV = 'SUDOKU_PRESS_SKIP_LOG';
export const REQUIRE_ENV = 'SUDOKU_PRESS_REQUIRE_TOOLS';
export const INSTALL_HINT = 'apt-get install -y chromium poppler-utils parallel';

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The path of a tool, or null. Chromium: CHROMIUM_PATH when it is set (and only it: pointing it at
 * nothing hides the system's browser), else the PATH. The others: the PATH.
 */
export function findTool(tool: SystemTool, env: NodeJS.ProcessEnv = process.env): string | null {
  if (tool === 'chromium') {
    const given = env['CHROMIUM_PATH'];
    if (given !== undefined && given !== '') return isExecutableFile(given) ? given : null;
  }
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const command of SYSTEM_TOOLS[tool].commands) {
      const path = join(dir, command);
      if (isExecutableFile(path)) return path;
    }
  }
  return null;
}

/** What a block without its tool says (skipped, or failed under SUDOKU_PRESS_REQUIRE_TOOLS=1); the summary repeats it. */
export function skipLine(tool: SystemTool, title: string): string {
  return `"${title}" needs ${tool}, which is not installed (apt-get install -y ${SYSTEM_TOOLS[tool].pkg})`;
}

/**
 * `describe(title, body)` when the tool is there. Without it: skipped with one line naming the tool
 * and its package, or, under SUDOKU_PRESS_REQUIRE_TOOLS=1 (CI), a failing test saying what is missing.
 */
export function describeWithTool(tool: SystemTool, title: string, body: () => void): void {
  if (findTool(tool) !== null) {
    describe(title, body);
    return;
  }
  const line = skipLine(tool, title);
  if (process.env[REQUIRE_ENV] === '1') {
    // A failing test, so that the run fails with the reason in its report.
    describe(title, () => {
      test(`needs ${tool}`, () => {
        throw new Error(`${line}; ${REQUIRE_ENV}=1 (CI) requires every tool: ${INSTALL_HINT}`);
      });
    });
    return;
  }
  process.stderr.write(`skipped: ${line}\n`);
  const log = process.env[SKIP_LOG_ENV];
  if (log !== undefined && log !== '') appendFileSync(log, `${line}\n`);
  describe.skip(`${title} [needs ${tool}]`, body);
}
