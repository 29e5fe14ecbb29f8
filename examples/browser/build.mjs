// Bundles the page's script with the portable core: `npm run example:browser`, then open
// examples/browser/index.html (from disk, or any static server).
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
await build({
  entryPoints: [`${here}app.js`],
  outfile: `${here}app.bundle.js`,
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  logLevel: 'warning',
});
