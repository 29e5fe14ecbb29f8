// What each module adds to the browser bundle of the classic calls (parsePuzzle, countSolutions,
// gradePuzzle, generateOne), gzipped: test/package.test.ts's budget, module by module.
//
//   npm run build && node scripts/bundle-modules.mjs [ROOT] [--json=FILE]
//
// ROOT (default: this checkout) is any checkout with a build (dist/esm, as bundlers read it), so
// that two commits can be compared. The bundle is made as the test makes it (esbuild, browser,
// iife, minified) from ROOT's dist/esm; the total printed first is its gzip -9 size (the test's,
// within a few bytes: the test bundles the installed package). For the modules, the bundle is made
// with syntax and names minified but not whitespace, so that esbuild's `// path` lines split it
// into modules; each module's figure is the gzipped bundle (whitespace then minified) less the
// same without that module's code. A module's bytes compress against the others', so the figures
// overlap and do not add up to the total: they say where bytes are, not a partition of them.
import { build, transform } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '.');
const jsonArg = process.argv.find((a) => a.startsWith('--json='));
const entry = join(root, 'dist', 'esm', 'index.js');
const app = `import { parsePuzzle, countSolutions, gradePuzzle, generateOne } from ${JSON.stringify(entry)};
globalThis.sudokuApp = { parsePuzzle, countSolutions, gradePuzzle, generateOne };
`;
const common = { stdin: { contents: app, resolveDir: root, loader: 'js' }, bundle: true, platform: 'browser', format: 'iife', write: false, logLevel: 'silent' };
const gzip = (text) => gzipSync(text, { level: 9 }).length;

const full = (await build({ ...common, minify: true })).outputFiles[0].text;
console.log(`bundle: ${gzip(full)} B gzipped, ${full.length} B minified (${root})`);

const bundled = (await build({ ...common, minifySyntax: true, minifyIdentifiers: true })).outputFiles[0].text;
// The iife's closing line stays whatever module is left out.
const close = bundled.lastIndexOf('})();');
const text = bundled.slice(0, close);
const trailer = bundled.slice(close);
const parts = text.split(/^(?=\s*\/\/ \S+\.js\n)/m);
const nameOf = (part) => /^\s*\/\/ (\S+\.js)\n/.exec(part)?.[1];
const squeezed = async (code) => gzip((await transform(code + trailer, { minifyWhitespace: true, loader: 'js' })).code);
const whole = await squeezed(text);
const rows = [];
for (let i = 0; i < parts.length; i++) {
  const name = nameOf(parts[i]);
  if (name === undefined) continue;
  const without = await squeezed(parts.slice(0, i).concat(parts.slice(i + 1)).join(''));
  rows.push({ module: name.replace(/^.*dist\/esm\//, ''), bytes: whole - without });
}
rows.sort((a, b) => b.bytes - a.bytes);
for (const row of rows) console.log(`${String(row.bytes).padStart(6)}  ${row.module}`);
if (jsonArg !== undefined) writeFileSync(jsonArg.slice('--json='.length), `${JSON.stringify(Object.fromEntries(rows.map((r) => [r.module, r.bytes])), null, 1)}\n`);
