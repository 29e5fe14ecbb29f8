import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { findTool } from './helpers/system-tools.js';

function fakeBin(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-tools-'));
  for (const name of names) {
    writeFileSync(join(dir, name), '#!/bin/sh\n');
    chmodSync(join(dir, name), 0o755);
  }
  writeFileSync(join(dir, 'not-executable'), '');
  return dir;
}

describe('finding the system tools some tests drive', () => {
  test('a tool is found on the PATH, and only there', () => {
    const dir = fakeBin('parallel', 'pdftoppm');
    expect(findTool('parallel', { PATH: `/nonexistent:${dir}` })).toBe(join(dir, 'parallel'));
    expect(findTool('pdftoppm', { PATH: dir })).toBe(join(dir, 'pdftoppm'));
    expect(findTool('parallel', { PATH: '/nonexistent' })).toBeNull();
    expect(findTool('parallel', {})).toBeNull();
  });

  test('CHROMIUM_PATH, when set, is the only Chromium looked at (pointing it at nothing hides the system one)', () => {
    const dir = fakeBin('chromium');
    expect(findTool('chromium', { PATH: dir })).toBe(join(dir, 'chromium'));
    expect(findTool('chromium', { PATH: dir, CHROMIUM_PATH: '/nonexistent/chromium' })).toBeNull();
    expect(findTool('chromium', { PATH: '', CHROMIUM_PATH: join(dir, 'chromium') })).toBe(join(dir, 'chromium'));
    expect(findTool('chromium', { PATH: '', CHROMIUM_PATH: join(dir, 'not-executable') })).toBeNull();
    expect(findTool('chromium', { PATH: '', CHROMIUM_PATH: dir })).toBeNull(); // a folder
  });
});
