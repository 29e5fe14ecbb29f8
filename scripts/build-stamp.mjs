// Whether dist/ is the build of the sources as they are now, so that `npm test` can skip a build
// that was just made: CI runs `npm ci` (whose `prepare` builds) and then `npm test`, which built
// everything a second time (tsc and esbuild: about 16 CPU-s, 20-40 s on 2 shared cores).
//
//   node scripts/build-stamp.mjs clear   # before a build: dist/ is about to change
//   node scripts/build-stamp.mjs write   # after a whole build: records what it was made from
//   node scripts/build-stamp.mjs check   # exit 0 when dist/ is that build of these inputs, else 1
//
// The stamp (out/build-stamp.json, not in git, not in the package) holds a SHA-256 of every input of
// the build (src/, templates/ and assets/, which internal-names.mjs reads, scripts/, tsconfig.json,
// package.json, package-lock.json, the Node version) and the list of dist/'s files with their sizes;
// any change to either, or a missing stamp, means "build".
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder } from './files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = join(root, 'out', 'build-stamp.json');
const dist = join(root, 'dist');

function inputsHash() {
  const hash = createHash('sha256').update(`node ${process.version}\n`);
  const files = [
    ...['src', 'templates', 'assets', 'scripts'].flatMap((folder) => filesUnder(join(root, folder), () => true)),
    ...['tsconfig.json', 'package.json', 'package-lock.json'].map((name) => join(root, name)).filter((path) => existsSync(path)),
  ];
  for (const file of files) {
    hash.update(`${relative(root, file)}\n`);
    hash.update(readFileSync(file));
    hash.update('\n');
  }
  return hash.digest('hex');
}

function distFiles() {
  return filesUnder(dist, () => true).map((file) => `${relative(dist, file)} ${statSync(file).size}`);
}

function stamp() {
  return { inputs: inputsHash(), dist: distFiles() };
}

const command = process.argv[2];
if (command === 'clear') {
  rmSync(stampFile, { force: true });
} else if (command === 'write') {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify(stamp())}\n`);
} else if (command === 'check') {
  let saved = null;
  try {
    saved = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    // no stamp: build
  }
  const now = saved === null ? null : stamp();
  const same = now !== null && saved.inputs === now.inputs && saved.dist.length > 0 && JSON.stringify(saved.dist) === JSON.stringify(now.dist);
  if (same) process.stdout.write('dist/ is the build of these sources (out/build-stamp.json): no build needed\n');
  process.exit(same ? 0 : 1);
} else {
  process.stderr.write('usage: node scripts/build-stamp.mjs clear|write|check\n');
  process.exit(2);
}
