/**
 * `node build-bench/bench/windoku-levels.js`: windoku's count against the classic band solver on
 * puzzles of the same difficulty, taking turns in one process (the machine is shared: the ratio of
 * bench:variants compares rates measured minutes apart). For each pair of sets (windoku and the
 * classic set it is compared with in bench:variants), BENCH_ROUNDS rounds (9), each taking turns in
 * slices of about 20 ms (ratesOf), 0.25 s a side; printed: puzzles per CPU-second (medians), the
 * median of the rounds' ratios, and the search nodes a puzzle (count to 2).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { classicRules, withWindoku } from '../src/rules/index.js';
import { countRules, lastRulesStats } from '../src/solver/rules-solver.js';
import { Solver } from '../src/solver/index.js';
import { median } from './stats.js';

const DIR = fileURLToPath(new URL('../../test/fixtures/variants/', import.meta.url));
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 9);
const PAIRS: [windoku: string, classic: string][] = [
  ['windoku.txt', 'classic-minimal.txt'],
  ['windoku-medium.txt', 'classic-medium.txt'],
  ['windoku-hard.txt', 'classic-hard.txt'],
  ['windoku-expert.txt', 'classic-expert.txt'],
];

const load = (file: string): Uint8Array[] =>
  readFileSync(DIR + file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => Uint8Array.from((JSON.parse(line) as { givens: string }).givens, (c) => '.123456789'.indexOf(c)));

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * Rates of windoku and classic counting, in slices of about 20 ms taking turns (which goes first
 * alternates), 0.25 s each in all: on a shared machine the load changes within a second, and
 * slices this short let both sides see the same load.
 */
function ratesOf(w: Uint8Array[], c: Uint8Array[]): [windoku: number, classic: number] {
  let sink = 0;
  const done = [0, 0];
  const seconds = [0, 0];
  for (let slice = 0; slice < 12; slice++) {
    for (let k = 0; k < 2; k++) {
      const side = (slice + k) % 2;
      const items = side === 0 ? w : c;
      const count = side === 0 ? countWindoku : countClassic;
      const start = cpuSeconds();
      do {
        for (const givens of items) sink += count(givens);
        done[side] = done[side]! + items.length;
      } while (cpuSeconds() - start < 0.02);
      seconds[side] = seconds[side]! + cpuSeconds() - start;
    }
  }
  if (sink < 0) console.log(sink);
  return [done[0]! / seconds[0]!, done[1]! / seconds[1]!];
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const windoku = withWindoku(classicRules(9));
const band = new Solver();
const countWindoku = (givens: Uint8Array) => countRules(windoku, givens, 2);
const countClassic = (givens: Uint8Array) => band.count(givens, 2);

console.log(`# Windoku against classic puzzles of the same difficulty, in turns, ${ROUNDS} rounds\n`);
console.log('| windoku set | classic set | windoku /s | classic /s | ratio (median of rounds) | windoku nodes / puzzle | classic nodes / puzzle |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [windokuFile, classicFile] of PAIRS) {
  const w = load(windokuFile);
  const c = load(classicFile);
  let wNodes = 0;
  for (const givens of w) {
    if (countWindoku(givens) !== 1) throw new Error(`${windokuFile}: a puzzle is not unique`);
    wNodes += lastRulesStats().nodes;
  }
  let cNodes = 0;
  for (const givens of c) {
    if (countClassic(givens) !== 1) throw new Error(`${classicFile}: a puzzle is not unique`);
    cNodes += band.stats.nodes;
  }
  const wRates: number[] = [];
  const cRates: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [ww, cc] = ratesOf(w, c);
    wRates.push(ww);
    cRates.push(cc);
    ratios.push(ww / cc);
  }
  console.log(
    `| ${windokuFile} | ${classicFile} | ${fmt(median(wRates))} | ${fmt(median(cRates))} | ${median(ratios).toFixed(2)}x | ${(wNodes / w.length).toFixed(1)} | ${(cNodes / c.length).toFixed(1)} |`,
  );
}
