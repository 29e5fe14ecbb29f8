// seedrandom's Alea alone: importing the package root bundles all six of its generators (4 KB more
// in a browser bundle) when the generator uses one.
declare module 'seedrandom/lib/alea.js' {
  import type seedrandom from 'seedrandom';
  const alea: (seed?: string) => seedrandom.PRNG;
  export default alea;
}
