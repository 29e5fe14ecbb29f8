// The build after tsc (which checks the types and writes the declarations to dist/). Four outputs:
//
// 1. ES modules for Node (the "import" condition): each entry (`sudoku-press`, `sudoku-press/node`,
//    the worker threads' scripts) bundled, with the modules they share in chunks (dist/chunks/), so
//    that both entries see one copy of each class. A handful of files to load instead of some sixty:
//    importing the portable entry went from 55-60 ms to about 20 ms of CPU. The pools look for the
//    workers next to their own module, which is the Node entry's file (dist/node/index.js).
// 2. The same modules file for file (dist/esm/) for bundlers (the "module" condition): see there.
// 3. CommonJS, for `require('sudoku-press')` and `require('sudoku-press/node')`: the modules file for
//    file in dist/cjs/ (with a package.json saying so), and the declarations copied there, where
//    TypeScript reads them as CommonJS. File for file, so that both entries share their modules.
// 4. The CLI as a bundle split by command (dist/cli/): a command loads its own chunk and the shared
//    ones, a few files instead of some twenty modules and commander's own. Loading modules was most of
//    the start-up time of a short command such as `check` of one puzzle.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder } from './files.mjs';
import { internalPropertyNames } from './internal-names.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'cjs');

const dependencies = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies);
await build({
  entryPoints: {
    index: join(root, 'src', 'index.ts'),
    'node/index': join(root, 'src', 'node', 'index.ts'),
    'node/generate-worker': join(root, 'src', 'node', 'generate-worker.ts'),
    'node/grade-worker': join(root, 'src', 'node', 'grade-worker.ts'),
  },
  outdir: join(root, 'dist'),
  chunkNames: 'chunks/[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: dependencies,
  sourcemap: true,
  logLevel: 'warning',
});

// The same modules file for file, for bundlers (the "module" condition of the exports map): a bundler
// drops every module an app does not use ("sideEffects": false), which it cannot do inside one
// bundled file (a table built at the top of a module is a statement it must keep): parse + count
// alone bundle to 5.5 KiB gzipped from these files, 31 KiB from the bundle above.
const cliDir = join(root, 'src', 'cli');
const sources = filesUnder(join(root, 'src'), (path) => path.endsWith('.ts') && !path.endsWith('.d.ts') && !path.startsWith(cliDir + '/'));
// The engine's internal property names, shortened: about 1 KB less in a browser bundle (which names,
// and why that is safe: internal-names.mjs). esbuild names them per output file, so the names are
// chosen once, by a build of all the modules as one program (which keeps them clear of every other
// property name), and the file-for-file build is given that choice.
const mangleProps = new RegExp(`^(?:${internalPropertyNames(root).join('|')})$`);
const { mangleCache } = await build({
  entryPoints: sources,
  outdir: join(root, 'dist', 'esm'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  external: dependencies,
  mangleProps,
  mangleCache: {},
  write: false,
  logLevel: 'warning',
});
const fileForFile = await build({
  entryPoints: sources,
  outdir: join(root, 'dist', 'esm'),
  outbase: join(root, 'src'),
  format: 'esm',
  platform: 'node',
  target: 'node20',
  bundle: false,
  mangleProps,
  mangleCache: { ...mangleCache },
  sourcemap: true,
  logLevel: 'warning',
});
const renamed = Object.keys(fileForFile.mangleCache ?? {}).filter((name) => !(name in mangleCache));
if (renamed.length > 0) throw new Error(`build: property names shortened differently across dist/esm's files: ${renamed.join(', ')}`);
writeEsmAlea();

/**
 * dist/esm's generator/seedrandom-alea.js: seedrandom's lib/alea.js, its text unchanged, run as an ES
 * module with a `module` object of its own (the file is UMD: given a module, it sets module.exports).
 * Imported as the CommonJS module it is, it brings a bundler's interop helpers (esbuild's __commonJS
 * and __toESM: about 250 B of the classic calls' browser bundle, gzipped). Node's builds import the
 * package as before.
 */
function writeEsmAlea() {
  const require = createRequire(join(root, 'package.json'));
  const source = readFileSync(require.resolve('seedrandom/lib/alea.js'), 'utf8');
  const { version } = JSON.parse(readFileSync(require.resolve('seedrandom/package.json'), 'utf8'));
  if (!source.includes('module.exports = impl;') || !/\(typeof module\)\s*==\s*'object'\s*&&\s*module/.test(source)) {
    throw new Error(`build: seedrandom ${version}'s lib/alea.js is no longer the UMD file that sets module.exports: see writeEsmAlea`);
  }
  const target = join(root, 'dist', 'esm', 'generator', 'seedrandom-alea.js');
  rmSync(`${target}.map`, { force: true });
  writeFileSync(
    target,
    `// seedrandom ${version}'s lib/alea.js, unchanged, run as an ES module (scripts/build.mjs, writeEsmAlea).\n` +
      `const module = { exports: {} };\n(function () {\n${source}\n}).call(undefined);\nexport const alea = module.exports;\n`,
  );
}

rmSync(out, { recursive: true, force: true });
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
const distCli = join(dist, 'cli');
for (const file of filesUnder(dist, (path) => path.endsWith('.d.ts') && !path.startsWith(out + '/') && !path.startsWith(distCli + '/'))) {
  const target = join(out, relative(dist, file));
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(file, target);
}

/**
 * commander loads node:child_process (and with it node:net) when it is imported, for subcommands
 * run as separate programs, which sudoku-press has none of: 5-6 ms of every start. Bundled, its
 * require of child_process gets an object that loads the real module when a property is first used.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(builder) {
    builder.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes(`${join('node_modules', 'commander')}`) ? { path: 'child_process', namespace: 'lazy-builtin' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_target, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

// The CLI bundle. The worker threads' scripts sit beside the chunks, where the pools look for them
// (next to their own module), and so does everything else: package.json is two folders up.
rmSync(distCli, { recursive: true, force: true });
const cliOptions = {
  outdir: distCli,
  entryNames: '[name]',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The runtime dependencies stay packages (pdfkit reads its own data files, resvg is a native addon);
  // dev dependencies that the CLI uses (commander) are bundled.
  external: dependencies,
  // Bundled CommonJS packages (commander) call require for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
};
await build({
  ...cliOptions,
  entryPoints: { main: join(cliDir, 'main.ts') },
  chunkNames: 'chunk-[hash]',
  splitting: true,
  plugins: [lazyChildProcess],
});
// Each worker thread's script is one file of only the modules it runs, not an entry of the split
// build above: there it imported some thirty chunks, shared with the commands, holding code it never
// runs. A worker starts in a fresh isolate that shares no module with the main thread, so nothing is
// lost by the copies. Starting the variant generator's worker (which every `generate --variant`
// does) and loading its script: about 107 -> 82 ms of CPU (45 ms of it an empty worker's).
await build({
  ...cliOptions,
  entryPoints: {
    'generate-worker': join(root, 'src', 'node', 'generate-worker.ts'),
    'grade-worker': join(root, 'src', 'node', 'grade-worker.ts'),
    'draw-worker': join(root, 'src', 'node', 'draw-worker.ts'),
    'compute-worker': join(root, 'src', 'node', 'compute-worker.ts'),
    'variant-worker': join(root, 'src', 'node', 'variant-worker.ts'),
  },
  splitting: false,
  // Five copies of much the same code: whitespace and syntax minified keeps the package small
  // (names kept, so messages and traces still read).
  minifyWhitespace: true,
  minifySyntax: true,
});
