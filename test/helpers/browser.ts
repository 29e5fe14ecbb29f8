import { existsSync, readFileSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findTool } from './system-tools.js';

/**
 * Debian's Chromium, driven headless by puppeteer-core (which never downloads a browser).
 * `.ci/run` installs it (`apt-get install chromium`); set CHROMIUM_PATH to use another build.
 * Tests that need it are declared with describeWithTool('chromium', ...), which skips them where
 * there is no Chromium.
 */
export function chromiumPath(): string {
  const path = findTool('chromium');
  if (path === null) throw new Error('Chromium not found: install Debian\'s chromium (apt-get install -y chromium) or set CHROMIUM_PATH');
  return path;
}

/** Starts a headless Chromium (the global setup's one, or a file's own outside `npm test`). */
export function startChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
  });
}

/**
 * Where the global setup (test/global-setup.ts) writes how to reach the one Chromium of the run:
 * `{ "ws": endpoint }` once it is up, or `{ "error": message }` if it would not start.
 */
export const BROWSER_FILE_ENV = 'SUDOKU_PRESS_BROWSER_FILE';

/** What a test file gets: pages of its own, and close() once it is done (in afterAll). */
export interface TestBrowser {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

async function sharedEndpoint(file: string): Promise<string> {
  // The global setup starts Chromium without waiting for it, so the first file may ask early.
  const until = performance.now() + 60_000;
  while (!existsSync(file)) {
    if (performance.now() > until) throw new Error(`the run's Chromium did not start within 60 s (${file})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const shared = JSON.parse(readFileSync(file, 'utf8')) as { ws?: string; error?: string };
  if (shared.ws === undefined) throw new Error(`the run's Chromium did not start: ${shared.error ?? 'no endpoint'}`);
  return shared.ws;
}

/**
 * A headless browser for one test file; close it in afterAll. Under `npm test`, a browser context
 * (its own pages, cookies and storage, as in a browser of its own) in the one Chromium the global
 * setup started, which close() closes and disconnects from; launching Chromium for each of the
 * eight files that use one cost about 1.5 CPU-s and seconds of wall each. Elsewhere, a Chromium
 * of its own, which close() ends.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const file = process.env[BROWSER_FILE_ENV];
  if (file === undefined || file === '') {
    const own = await startChromium();
    return { newPage: () => own.newPage(), close: () => own.close() };
  }
  const browser = await puppeteer.connect({ browserWSEndpoint: await sharedEndpoint(file) });
  const context = await browser.createBrowserContext();
  return {
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      await browser.disconnect();
    },
  };
}
