// seedrandom's Alea alone (importing the package root bundles all six of its generators). The
// generator draws from its own Alea now (random.ts); test/random.test.ts holds it to this one.
declare module 'seedrandom/lib/alea.js' {
  import type seedrandom from 'seedrandom';
  const alea: (seed?: string) => seedrandom.PRNG;
  export default alea;
}
