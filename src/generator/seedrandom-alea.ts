// seedrandom's Alea, the generator's random stream. For bundlers, scripts/build.mjs writes this
// module's dist/esm file as seedrandom's own lib/alea.js, unchanged, run as an ES module with a
// `module` object of its own: a CommonJS module imported from an ES module costs a browser bundle
// esbuild's interop helpers (about 250 B gzipped of the classic calls' bundle); the draws are the same.
import seedrandomAlea from 'seedrandom/lib/alea.js';

/** seedrandom's Alea: a seeded stream of floats in [0, 1). */
export const alea = seedrandomAlea;
