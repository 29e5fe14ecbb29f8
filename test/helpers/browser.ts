import puppeteer, { type Browser } from 'puppeteer-core';
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

/** A headless browser; close it in afterAll. */
export async function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
  });
}
