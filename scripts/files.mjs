import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The files under a folder (none if it does not exist) that `keep` accepts, sorted. */
export function filesUnder(dir, keep) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found.sort();
}
