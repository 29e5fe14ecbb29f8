/**
 * A folder of output files written by one run (`explain --html -o folder/`, `draw -o folder/`): each
 * file is written whole (see output-file.ts), and until the run says it is complete, an interruption
 * (Ctrl-C, SIGTERM, SIGHUP) removes the files this run wrote and the folders it made, so that an
 * interrupted run leaves no partial set of pages behind.
 */
import { existsSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { makeFolder } from './file-errors.js';
import { cleanUpOnInterrupt } from './interrupt.js';
import { writeFileWhole, type OutputFileOptions } from './output-file.js';

export class OutputFolder {
  private readonly written: string[] = [];
  /** Folders this run made, the deepest first. */
  private readonly made: string[] = [];
  private readonly release: () => void;

  /** Makes `folder` (and its missing parents) if needed. */
  constructor(readonly folder: string) {
    for (let dir = resolve(folder); !existsSync(dir); dir = dirname(dir)) this.made.push(dir);
    // makeFolder says why a folder cannot be made (a read-only file system...), where mkdir says ENOENT.
    makeFolder(folder, folder);
    this.release = cleanUpOnInterrupt(() => this.removeAll());
  }

  /** Writes one file of the set (whole, or not at all). */
  write(path: string, data: string | Uint8Array, options: OutputFileOptions = {}): { bytes: number } {
    const written = writeFileWhole(path, data, options);
    this.written.push(path);
    return written;
  }

  /** The set is complete: an interruption from now on keeps it. */
  complete(): void {
    this.release();
  }

  private removeAll(): void {
    for (const path of this.written) {
      try {
        unlinkSync(path);
      } catch {
        // gone already
      }
    }
    for (const dir of this.made) {
      try {
        rmdirSync(dir);
      } catch {
        // not empty (someone else's files): kept
      }
    }
  }
}
