/**
 * `node build-bench/bench/windoku-difficulty.js`: how hard the windoku sets of `npm run bench:variants`
 * and their classic references are, for a person and for a solver: per set, the givens, our
 * grader's rating (median, the share at each level, the share whose path needed a guess) and the
 * counting solver's search nodes and guesses per puzzle (count to 2: band-extra-solver.ts for
 * windoku, the band solver for classic). Our grader equals SukakuExplainer's serate on windoku
 * (test/fixtures/variants/windoku-se-rated.txt). Not timed: a table of difficulty, not of speed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { classicRules, withWindoku, type Rules } from '../src/rules/index.js';
import { countRules, lastRulesStats } from '../src/solver/rules-solver.js';
import { Solver, gradePuzzle } from '../src/index.js';
import { mean, median } from './stats.js';

const DIR = fileURLToPath(new URL('../../test/fixtures/variants/', import.meta.url));
const SETS = ['windoku.txt', 'classic-minimal.txt', 'windoku-medium.txt', 'classic-medium.txt', 'windoku-hard.txt', 'classic-hard.txt', 'windoku-expert.txt', 'classic-expert.txt'];
const LEVELS = ['beginner', 'easy', 'medium', 'hard', 'expert', 'extreme'];

const classic = classicRules(9);
const windoku = withWindoku(classicRules(9));
const band = new Solver();
const pct = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;

console.log('| set | puzzles | givens (mean) | rating (median) | levels (beginner/easy/medium/hard/expert/extreme) | path with a guess | nodes / puzzle | guesses / puzzle | solved without a guess (count) |');
console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|');
for (const file of SETS) {
  const lines = readFileSync(DIR + file, 'utf8').split('\n').filter((line) => line.startsWith('{'));
  const givensOf = lines.map((line) => Uint8Array.from((JSON.parse(line) as { givens: string }).givens, (c) => '.123456789'.indexOf(c)));
  const rules: Rules = lines[0]!.includes('"windoku":true') ? windoku : classic;
  const clues: number[] = [];
  const ratings: number[] = [];
  const levels = new Map<string, number>();
  let guessed = 0;
  const nodes: number[] = [];
  const guesses: number[] = [];
  for (const givens of givensOf) {
    clues.push(givens.reduce((n, d) => n + (d !== 0 ? 1 : 0), 0));
    const grade = gradePuzzle({ rules, givens });
    ratings.push(grade.rating);
    levels.set(grade.level, (levels.get(grade.level) ?? 0) + 1);
    if (grade.guesses > 0) guessed++;
    if (rules === windoku) {
      if (countRules(rules, givens, 2) !== 1) throw new Error(`${file}: not unique`);
      const stats = lastRulesStats();
      nodes.push(stats.nodes);
      guesses.push(stats.guesses);
    } else {
      if (band.count(givens, 2) !== 1) throw new Error(`${file}: not unique`);
      nodes.push(band.stats.nodes);
      guesses.push(band.stats.guesses);
    }
  }
  const n = givensOf.length;
  console.log(
    `| ${file} | ${n} | ${mean(clues).toFixed(1)} | ${median(ratings).toFixed(1)} | ${LEVELS.map((level) => levels.get(level) ?? 0).join('/')} | ${pct(guessed, n)} | ${mean(nodes).toFixed(1)} | ${mean(guesses).toFixed(1)} | ${pct(guesses.filter((g) => g === 0).length, n)} |`,
  );
}
