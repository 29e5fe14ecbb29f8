import { existsSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * Writes a file whole or not at all: to a temporary name next to it, then renamed, so a reader
 * never sees half a file and a failure leaves nothing behind.
 */
export function writeWhole(path: string, data: string | Uint8Array): void {
  const temporary = `${path}.partial-${process.pid}`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch (error) {
    if (existsSync(temporary)) unlinkSync(temporary);
    throw error;
  }
}
