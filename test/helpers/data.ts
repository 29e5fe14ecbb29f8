import { readFileSync } from 'node:fs';

/** The puzzles of a collection in test/fixtures/data (one per line), every `every`-th from the first. */
export function fixturePuzzles(file: string, every = 1): string[] {
  const text = readFileSync(new URL(`../fixtures/data/${file}`, import.meta.url), 'utf8');
  return text.trim().split('\n').filter((_, i) => i % every === 0);
}
