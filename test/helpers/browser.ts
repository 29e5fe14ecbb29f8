import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * Debian's Chromium, driven headless by puppeteer-core (which never downloads a browser).
 * `.ci/run` installs it (`apt-get install chromium`); set CHROMIUM_PATH to use another build.
 */
export function chromiumPath(): string {
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  throw new Error('Chromium not found: install Debian\'s chromium (apt-get install -y chromium) or set CHROMIUM_PATH');
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
