/**
 * Killer grading: the rating of the grader (gradeWithPath of src/grader: on rules with cages its
 * ladder is the house techniques without uniqueness + the killer techniques, and a guess where
 * nothing applies) per level of
 * - Simon Tatham's Solo killers at each of its levels (test/fixtures/killer-solo-levels.txt);
 * - our generator's killers (generateVariant killer, levels easy / medium / hard, seed
 *   'killer-grade', made in this run; making them is not timed);
 * - classic puzzles rated by Sudoku Explainer (test/fixtures/data/se-rated-train.tsv), by the level
 *   of their SE rating, through the same driver: the scale both share.
 * Per set: puzzles, how many the ladder solves without guessing, the median, quartiles and
 * largest rating (of the solved ones), the levels of all (a guess rates 'extreme'), the median number of steps harder than 'easy' (2.3: the
 * effort beyond singles and plain cage sums), and grading speed in puzzles per second (single
 * thread, median of ROUNDS; puzzles the ladder cannot solve cost the most: they run every
 * technique up to the forcing chains before it stops).
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/killer-grade.js
 *   env: BENCH_ROUNDS (3), KILLER_OURS (puzzles per level of ours, 12), KILLER_SOLO (per Solo level, 30)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fromSoloId } from '../src/formats/index.js';
import { generateVariant } from '../src/generator/variants/index.js';
import { gradeWithPath } from '../src/grader/index.js';
import { LEVELS, levelOf } from '../src/grader/levels.js';
import { classicRules } from '../src/rules/index.js';
import type { Rules } from '../src/rules/types.js';
import { quantile } from './stats.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const OURS = Number(process.env['KILLER_OURS'] ?? 12);
const SOLO = Number(process.env['KILLER_SOLO'] ?? 30);
/** Steps harder than this (the top of the 'easy' level) count as effort beyond singles and plain cage sums. */
const EASY_MAX = 2.3;
const FIXTURE = fileURLToPath(new URL('../../test/fixtures/killer-solo-levels.txt', import.meta.url));

interface Item {
  rules: Rules;
  givens: Uint8Array;
}

function soloSets(): [string, Item[]][] {
  const byLevel = new Map<string, Item[]>();
  for (const line of readFileSync(FIXTURE, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [level, id] = line.split(' ') as [string, string];
    const items = byLevel.get(level) ?? [];
    if (items.length >= SOLO) continue;
    const read = fromSoloId(id);
    items.push({ rules: read.rules, givens: read.givens });
    byLevel.set(level, items);
  }
  const names: Record<string, string> = { dt: 'trivial', db: 'basic', di: 'intermediate', da: 'advanced', de: 'extreme', du: 'unreasonable' };
  return [...byLevel.entries()].map(([level, items]) => [`Solo killer ${level} (${names[level] ?? level})`, items]);
}

function ourSets(): [string, Item[]][] {
  return (['easy', 'medium', 'hard'] as const).map((level) => {
    const items: Item[] = [];
    for (let index = 1; index <= OURS; index++) {
      const p = generateVariant({ variant: 'killer', seed: 'killer-grade', index, level });
      items.push({ rules: p.rules, givens: p.givens });
    }
    return [`ours killer ${level}`, items];
  });
}

const SE_TSV = fileURLToPath(new URL('../../test/fixtures/data/se-rated-train.tsv', import.meta.url));

/** Classic puzzles with a Sudoku Explainer rating, by the level of that rating (levels.ts), through the same driver. */
function classicSets(): [string, Item[]][] {
  const rules = classicRules(9);
  const byLevel = new Map<string, Item[]>();
  for (const line of readFileSync(SE_TSV, 'utf8').split('\n').slice(1)) {
    const [puzzle, rating] = line.split('\t');
    if (puzzle === undefined || rating === undefined || puzzle.length !== 81) continue;
    const level = levelOf(Number(rating));
    const items = byLevel.get(level) ?? [];
    if (items.length >= OURS) continue;
    items.push({ rules, givens: Uint8Array.from(puzzle, (ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0)) });
    byLevel.set(level, items);
  }
  return LEVELS.filter((row) => byLevel.has(row.level)).map((row) => [`classic ${row.level} (SE-rated)`, byLevel.get(row.level)!]);
}

function main(): void {
  const sets = [...soloSets(), ...ourSets(), ...classicSets()];
  console.log(`killer grading, ${ROUNDS} rounds, median puzzles/s (single thread)`);
  console.log('| set | puzzles | solved without guessing | median rating | quartiles | max | levels (all puzzles) | median steps above easy | puzzles/s |');
  console.log('|---|---:|---:|---:|---:|---:|---|---:|---:|');
  for (const [name, items] of sets) {
    const ratings: number[] = [];
    const efforts: number[] = [];
    let solved = 0;
    const levels = new Map<string, number>();
    const speeds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      for (const item of items) {
        const { grade, steps } = gradeWithPath({ rules: item.rules, givens: item.givens });
        if (round === 0) {
          levels.set(grade.level, (levels.get(grade.level) ?? 0) + 1);
          if (grade.guesses === 0) {
            solved++;
            ratings.push(grade.rating);
            efforts.push(steps.filter((step) => step.difficulty > EASY_MAX).length);
          }
        }
      }
      speeds.push((items.length * 1000) / (performance.now() - start));
    }
    ratings.sort((a, b) => a - b);
    efforts.sort((a, b) => a - b);
    speeds.sort((a, b) => a - b);
    const f = (x: number) => x.toFixed(1);
    console.log(`| ${name} | ${items.length} | ${solved} | ${f(quantile(ratings, 0.5))} | ${f(quantile(ratings, 0.25))}-${f(quantile(ratings, 0.75))} | ${f(ratings[ratings.length - 1] ?? Number.NaN)} | ${LEVELS.filter((row) => levels.has(row.level)).map((row) => `${row.level} ${levels.get(row.level)}`).join(', ')} | ${quantile(efforts, 0.5)} | ${quantile(speeds, 0.5).toFixed(1)} |`);
  }
}

main();
