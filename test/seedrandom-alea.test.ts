import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import alea from 'seedrandom/lib/alea.js';
import { describe, expect, test } from 'vitest';
import { puzzleRandom } from '../src/generator/random.js';

/*
 * dist/esm's generator/seedrandom-alea.js is seedrandom's lib/alea.js run as an ES module
 * (scripts/build.mjs, writeEsmAlea), so that a browser bundle carries no CommonJS interop. The
 * generator's draws must be seedrandom's: same seed, same puzzles in a bundle as in Node.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const SEEDS = ['', 'browser', 'book-1\u00002\u00007', 'ünïcode 🎲'];
const DRAWS = 300;

function draws(next: () => number): number[] {
  return Array.from({ length: DRAWS }, () => next());
}

describe("the bundlers' Alea (dist/esm)", () => {
  test("gives seedrandom's draws, with its int32, double and state", async () => {
    const esm = ((await import(join(ROOT, 'dist', 'esm', 'generator', 'seedrandom-alea.js'))) as { alea: typeof alea }).alea;
    for (const seed of SEEDS) {
      const ours = esm(seed);
      const theirs = alea(seed);
      expect(draws(ours)).toEqual(draws(theirs));
      expect(draws(ours.int32)).toEqual(draws(theirs.int32));
      expect(draws(ours.double)).toEqual(draws(theirs.double));
    }
    const saved = (esm as unknown as (seed: string, options: object) => { (): number; state(): object })('state', { state: true });
    saved();
    const resumed = (alea as unknown as (seed: string, options: object) => () => number)('', { state: saved.state() });
    expect(draws(resumed)).toEqual(draws(saved));
  });

  test("a browser bundle of the generator's stream has no CommonJS interop and draws as Node does", async () => {
    const entry = `
      import { puzzleRandom } from ${JSON.stringify(join(ROOT, 'dist', 'esm', 'generator', 'random.js'))};
      const random = puzzleRandom('browser', '["hard"]', 3);
      globalThis.result = Array.from({ length: ${DRAWS} }, () => random.below(81));
    `;
    const bundle = await build({ stdin: { contents: entry, resolveDir: ROOT, loader: 'js' }, bundle: true, platform: 'browser', format: 'iife', write: false, logLevel: 'silent' });
    const code = bundle.outputFiles[0]!.text;
    expect(code).not.toMatch(/__commonJS|__toESM|require_/);
    const context: Record<string, unknown> = {};
    runInNewContext(code, context);
    const random = puzzleRandom('browser', '["hard"]', 3);
    expect(context['result']).toEqual(draws(() => random.below(81)));
  });

  test("dist/esm's portable entry imports no package: a browser loads it as it is, without a bundler or an import map", () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|^import|\bimport\()\s*"([^"]+)"/gm)) {
        if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!));
        else packages.add(specifier!);
      }
    };
    visit(join(ROOT, 'dist', 'esm', 'index.js'));
    expect(seen.size).toBeGreaterThan(50);
    expect([...packages]).toEqual([]);
  });
});
