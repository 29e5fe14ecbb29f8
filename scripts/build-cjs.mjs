// The CommonJS build, for `require('sudoku-press')` and `require('sudoku-press/node')`.
//
// tsc writes the ES modules and their declarations to dist/. This script writes the same modules as
// CommonJS, file for file, to dist/cjs/ (with a package.json saying so), and copies the declarations
// there, where TypeScript reads them as CommonJS. File for file rather than one bundle: `sudoku-press`
// and `sudoku-press/node` then share their modules, so an error class is the same class through both.
// The CLI stays ES modules only.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'cjs');

function filesUnder(dir, keep) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found.sort();
}

rmSync(out, { recursive: true, force: true });
const sources = filesUnder(join(root, 'src'), (path) => path.endsWith('.ts') && !path.includes(`${join('src', 'cli')}`));
await build({
  entryPoints: sources,
  outdir: out,
  outbase: join(root, 'src'),
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  bundle: false,
  logLevel: 'warning',
  // The worker pools and the package-folder lookup locate files from their own module's URL.
  define: { 'import.meta.url': '__moduleUrl' },
  banner: { js: 'const __moduleUrl = require("node:url").pathToFileURL(__filename).href;' },
});
writeFileSync(join(out, 'package.json'), '{ "type": "commonjs" }\n');

// Declarations: the same text, read as CommonJS below dist/cjs/package.json.
const dist = join(root, 'dist');
for (const file of filesUnder(dist, (path) => path.endsWith('.d.ts') && !path.startsWith(out + '/') && !path.includes(`${join('dist', 'cli')}`))) {
  const target = join(out, relative(dist, file));
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(file, target);
}
