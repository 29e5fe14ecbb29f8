import { writeFileWhole } from '../node/output-file.js';

/**
 * Writes a file whole or not at all, through src/node/output-file.ts: an exclusive temporary file
 * under an unpredictable name next to it (never opened through a link), moved into place when
 * written, removed on failure or Ctrl-C. Whether an existing file may be replaced was decided by
 * the caller (--force), so this replaces.
 */
export function writeWhole(path: string, data: string | Uint8Array): void {
  writeFileWhole(path, data, { force: true });
}
