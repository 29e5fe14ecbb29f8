import type { TechniqueDef } from './types.js';

/**
 * How the ladder reaches the killer techniques without every bundle carrying them (the reason and
 * the pattern are those of src/rules/solver-link.ts). Only rules with cages use them, and a rules
 * value is only ever made by `buildRules`, so `buildRules` links them in and the ladder, the texts
 * and the technique names find them here: an app that grades classic puzzles never bundles the
 * killer techniques (5.7 KB gzipped: the classic calls' browser bundle measured 49,107 B
 * without them and 54,791 B with them, esbuild --minify), an app that builds rules always has them.
 */
let linkedTechniques: readonly TechniqueDef[] = [];
let linkedTexts: Readonly<Record<string, string>> = {};

/** Called by buildRules. */
export function linkCageTechniques(techniques: readonly TechniqueDef[], texts: Readonly<Record<string, string>>): void {
  linkedTechniques = techniques;
  linkedTexts = texts;
}

/** The killer techniques (empty until a rules value was built: then no cage exists either). */
export function cageTechniques(): readonly TechniqueDef[] {
  return linkedTechniques;
}

/** The killer techniques' explanation templates, by technique id. */
export function cageTexts(): Readonly<Record<string, string>> {
  return linkedTexts;
}
