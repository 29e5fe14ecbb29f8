import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The package's root folder (where package.json, templates/ and assets/ are), found by walking up
 * from this module, so that data files are found whether the code runs from src/core, dist/core or
 * build-bench/src/core.
 */
export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'templates'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the sudoku-press package folder (package.json and templates/)');
    dir = parent;
  }
  root = dir;
  return dir;
}
