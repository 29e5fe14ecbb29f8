/**
 * `node build-bench/bench/jigsaw-difficulty.js`: how hard the 9x9 jigsaw sets of `npm run
 * bench:variants` and their classic references are, for a person and for a solver: per set, the
 * givens, our grader's rating (median, the share at each level, the share whose path needed a guess)
 * and the search nodes and guesses per puzzle (count to 2) of the digit-major solver
 * (jigsaw9-solver.ts, which also counts classic rules when asked through countRulesGrid9) and, on
 * the classic sets, of the band solver. The same solver on both sides of a pair says whether a
 * pair is matched for a solver; the grader, for a person. Not timed: a table of difficulty, not of
 * speed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildRules, classicRules, type Rules } from '../src/rules/index.js';
import { countRulesGrid9, lastRulesStats } from '../src/solver/rules-solver.js';
import { Solver, gradePuzzle } from '../src/index.js';
import { mean, median } from './stats.js';

const DIR = fileURLToPath(new URL('../../test/fixtures/variants/', import.meta.url));
/** Each jigsaw set after the classic set it is compared with in `npm run bench:variants`. */
const SETS =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['classic-solo.txt', 'jigsaw.txt', 'classic-unreasonable.txt', 'jigsaw-unreasonable.txt', 'classic-medium.txt', 'jigsaw-medium.txt', 'classic-hard.txt', 'jigsaw-hard.txt', 'classic-expert.txt', 'jigsaw-expert.txt'];
const LEVELS = ['beginner', 'easy', 'medium', 'hard', 'expert', 'extreme'];

const classic = classicRules(9);
const band = new Solver();
const pct = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;

console.log('| set | puzzles | givens (mean) | rating (median) | levels (beginner/easy/medium/hard/expert/extreme) | path with a guess | jigsaw9 nodes / puzzle | jigsaw9 guesses / puzzle | band nodes / puzzle | band guesses / puzzle |');
console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|---:|');
for (const file of SETS) {
  const lines = readFileSync(DIR + file, 'utf8').split('\n').filter((line) => line.startsWith('{'));
  const clues: number[] = [];
  const ratings: number[] = [];
  const levels = new Map<string, number>();
  let guessed = 0;
  const nodes: number[] = [];
  const guesses: number[] = [];
  const bandNodes: number[] = [];
  const bandGuesses: number[] = [];
  for (const line of lines) {
    const p = JSON.parse(line) as { regions?: string; givens: string };
    const givens = Uint8Array.from(p.givens, (c) => '.123456789'.indexOf(c));
    const rules: Rules = p.regions === undefined ? classic : buildRules({ size: 9, regions: Array.from(p.regions, (c) => Number(c)) });
    clues.push(givens.reduce((n, d) => n + (d !== 0 ? 1 : 0), 0));
    const grade = gradePuzzle({ rules, givens });
    ratings.push(grade.rating);
    levels.set(grade.level, (levels.get(grade.level) ?? 0) + 1);
    if (grade.guesses > 0) guessed++;
    if (countRulesGrid9(rules, givens, 2) !== 1) throw new Error(`${file}: not unique`);
    const stats = lastRulesStats();
    nodes.push(stats.nodes);
    guesses.push(stats.guesses);
    if (p.regions === undefined) {
      if (band.count(givens, 2) !== 1) throw new Error(`${file}: not unique`);
      bandNodes.push(band.stats.nodes);
      bandGuesses.push(band.stats.guesses);
    }
  }
  const n = lines.length;
  const bandCells = bandNodes.length > 0 ? `${mean(bandNodes).toFixed(1)} | ${mean(bandGuesses).toFixed(1)}` : ' | ';
  console.log(
    `| ${file} | ${n} | ${mean(clues).toFixed(1)} | ${median(ratings).toFixed(1)} | ${LEVELS.map((level) => levels.get(level) ?? 0).join('/')} | ${pct(guessed, n)} | ${mean(nodes).toFixed(1)} | ${mean(guesses).toFixed(1)} | ${bandCells} |`,
  );
}
