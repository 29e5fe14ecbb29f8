/**
 * Nested forcing chains (9.5+) on other sizes and Samurai: puzzles our generator makes (seed
 * --seed, default 'nested-general', level --level, default 'any') on 8x8, 12x12 and Samurai, and
 * Solo's 16x16 of test/fixtures/variants, graded by this build (path recorded) and by another
 * build (--other=FOLDER, its build-bench tree: the "before", e.g. /work/wt/base19/build-bench).
 * Prints each puzzle whose grade differs, and per set: how many the other build guessed (11.0),
 * how many of those now get a 9.5+ rating without a guess, how many still guess; every nested
 * step's removals and placements are checked against the solution (a removal of the solution's
 * digit is a bug: counted, and the run exits 1); CPU times (medians) of both builds on the
 * puzzles whose grade is the same and on those that now take nested chains.
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/nested-general.js --other=/work/wt/base19/build-bench [--count=N] [--sets=8x8,12x12,16x16,samurai]
 *
 * A set `solo:FILE` reads Solo's game IDs from FILE (`sgt-solo --generate 10 '3x4du' > FILE`: its
 * "unreasonable" puzzles, which its own solver guesses on); a set `samurai:FILE` makes Samurai of
 * five classic puzzles each (see samuraiFrom), e.g. of test/fixtures/forum-serate.tsv; a set
 * written as a rules spec in JSON (`'{"size":8,"diagonalDown":true,"diagonalUp":true}'`) is made
 * by the generator on those rules. Sets are separated by `;` when a spec is among them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateVariant, type VariantLevel, type VariantName } from '../src/generator/variants/index.js';
import { gradePuzzle, type Grade } from '../src/grader/grade.js';
import { gradeGeneral } from '../src/grader/general/grade.js';
import { buildRules, type Rules, type RulesSpec } from '../src/rules/index.js';
import { countRules, solveRules } from '../src/solver/rules-solver.js';
import { readSoloId } from '../test/helpers/solo-id.js';
import { median } from './stats.js';

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const otherDir = arg('other');
if (otherDir === undefined) throw new Error('usage: nested-general.js --other=FOLDER [--count=N] [--sets=...] [--seed=S] [--level=L]');
const count = Number(arg('count') ?? 20);
const seed = arg('seed') ?? 'nested-general';
const level = (arg('level') ?? 'any') as VariantLevel;
const setsArg = arg('sets');
const only = setsArg === undefined ? ['8x8', '12x12', '16x16', 'samurai'] : setsArg.split(setsArg.includes('{') ? ';' : ',');
const otherUrl = pathToFileURL(resolve(otherDir)).href;
const other = ((await import(`${otherUrl}/src/grader/grade.js`)) as { gradePuzzle: typeof gradePuzzle }).gradePuzzle;
const otherGenerate = ((await import(`${otherUrl}/src/generator/variants/index.js`)) as { generateVariant: typeof generateVariant }).generateVariant;
const otherBuild = ((await import(`${otherUrl}/src/rules/index.js`)) as { buildRules: typeof buildRules }).buildRules;

interface Puzzle {
  rules: Rules;
  givens: Uint8Array;
}

/** The puzzles of a set, made by a build's generator (each build grades its own rules values); `rules`: on these rules instead. */
function generated(variant: VariantName, make: typeof generateVariant, rules?: Rules): Puzzle[] {
  const out: Puzzle[] = [];
  for (let index = 1; index <= count; index++) {
    const p = make(rules === undefined ? { variant, seed, index, level } : { rules, seed, index, level });
    out.push({ rules: p.rules, givens: p.givens });
  }
  return out;
}

function soloSixteen(build: typeof buildRules): Puzzle[] {
  const text = readFileSync(new URL('../../test/fixtures/variants/16x16.txt', import.meta.url), 'utf8');
  const VALUE = '.123456789ABCDEFG';
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { size: number; givens: string })
    .map((p) => ({ rules: build({ size: p.size }), givens: Uint8Array.from(p.givens, (ch) => VALUE.indexOf(ch)) }));
}

/** Solo's game IDs (one a line, `sgt-solo --generate N '3x4du'`: boxes only) as puzzles of a build. */
function soloIds(file: string, build: typeof buildRules): Puzzle[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^\d+x\d+:/.test(line))
    .map((line) => readSoloId(line.trim()))
    .map((p) => ({ rules: build({ size: p.size, boxes: p.boxes! }), givens: Uint8Array.from(p.givens) }));
}

/**
 * Samurai made of five hard classic puzzles (FILE: one a line, 81 characters; five a Samurai, the
 * centre first): each corner grid's puzzle has its digits relabelled so that its solution's box
 * shared with the centre is the centre solution's; the centre's givens are its puzzle's, a corner
 * grid's are its solution outside the shared box, thinned while it stays unique with that box
 * filled in. The centre alone has one solution, then each corner: the Samurai has one.
 */
function samuraiFrom(file: string, build: typeof buildRules): Puzzle[] {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.split('\t').find((f) => /^[.0-9]{81}$/.test(f)))
    .filter((p): p is string => p !== undefined);
  const nine = buildRules({ size: 9 });
  const rules = build({ size: 9, layout: 'samurai' });
  const corners = [
    { row: 0, col: 0 },
    { row: 0, col: 12 },
    { row: 12, col: 0 },
    { row: 12, col: 12 },
  ];
  const out: Puzzle[] = [];
  for (let k = 0; k + 5 <= lines.length && out.length < count; k += 5) {
    const givens = new Uint8Array(rules.cellCount);
    const put = (top: number, left: number, grid: ArrayLike<number>): void => {
      for (let i = 0; i < 81; i++) if (grid[i]! > 0) givens[rules.cellAt[(top + Math.floor(i / 9)) * 21 + left + (i % 9)]!] = grid[i]!;
    };
    const centre = Uint8Array.from(lines[k]!, (ch) => (ch === '.' ? 0 : Number(ch)));
    const centreSolution = solveRules(nine, centre)!;
    put(6, 6, centre);
    corners.forEach((at, j) => {
      const puzzle = Uint8Array.from(lines[k + 1 + j]!, (ch) => (ch === '.' ? 0 : Number(ch)));
      const solution = solveRules(nine, puzzle)!;
      // The shared box: in the corner grid's frame (its own rows / columns 0-8), and in the centre's.
      const label = new Uint8Array(10);
      for (let r = 0; r < 21; r++) {
        for (let c = 0; c < 21; c++) {
          const inCorner = r >= at.row && r < at.row + 9 && c >= at.col && c < at.col + 9;
          const inCentre = r >= 6 && r < 15 && c >= 6 && c < 15;
          if (inCorner && inCentre) label[solution[(r - at.row) * 9 + c - at.col]!] = centreSolution[(r - 6) * 9 + c - 6]!;
        }
      }
      // The corner's givens: its solution outside the shared box, thinned (cells in a fixed
      // shuffled order) while the corner grid stays unique with the shared box filled in, so that
      // it tells the centre little.
      const filled = solution.map((d) => label[d]!);
      const shared = (i: number): boolean => {
        const r = at.row + Math.floor(i / 9);
        const c = at.col + (i % 9);
        return r >= 6 && r < 15 && c >= 6 && c < 15;
      };
      const order = Array.from({ length: 81 }, (_, i) => i).filter((i) => !shared(i));
      let x = 12345 + k * 7 + j;
      for (let i = order.length - 1; i > 0; i--) {
        x = (x * 1103515245 + 12345) % 2147483648;
        const m = x % (i + 1);
        [order[i], order[m]] = [order[m]!, order[i]!];
      }
      const trial = filled.slice();
      for (const i of order) {
        const keep = trial[i]!;
        trial[i] = 0;
        if (countRules(nine, trial, 2) !== 1) trial[i] = keep;
      }
      for (let i = 0; i < 81; i++) if (shared(i)) trial[i] = 0;
      put(at.row, at.col, trial);
    });
    out.push({ rules, givens });
  }
  return out;
}

function cpu<T>(run: () => T): { value: T; ms: number } {
  const start = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}

const key = (g: Grade): string => `${g.rating}${g.lowerBound ? '+' : ''} ${g.hardest} steps ${g.steps} guesses ${g.guesses}`;
let wrong = 0;
for (const name of only) {
  const solo = name.startsWith('solo:') ? name.slice(5) : null;
  const five = name.startsWith('samurai:') ? name.slice(8) : null;
  const spec = name.startsWith('{') ? (JSON.parse(name) as RulesSpec) : null;
  const make = (build: typeof buildRules, generate: typeof generateVariant): Puzzle[] =>
    solo !== null
      ? soloIds(solo, build)
      : five !== null
        ? samuraiFrom(five, build)
        : spec !== null
          ? generated('classic', generate, build(spec))
          : name === '16x16'
            ? soloSixteen(build)
            : generated(name as VariantName, generate);
  const puzzles = make(buildRules, generateVariant);
  const theirs = make(otherBuild, otherGenerate);
  let guessedBefore = 0;
  let nowNested = 0;
  let stillGuess = 0;
  let nestedSteps = 0;
  const sameBefore: number[] = [];
  const sameNow: number[] = [];
  const nestedBefore: number[] = [];
  const nestedNow: number[] = [];
  puzzles.forEach((p, i) => {
    const mate = theirs[i]!;
    if (mate.givens.join() !== p.givens.join()) throw new Error(`${name} #${i + 1}: the builds made different puzzles`);
    const before = cpu(() => other(mate));
    const now = cpu(() => gradeGeneral(p, {}, true, (f) => {
      throw new Error(f.message);
    }));
    const { grade, steps } = now.value;
    const solution = solveRules(p.rules, p.givens)!;
    let nested = 0;
    for (const step of steps) {
      if (step.technique !== 'nested-forcing-chains') continue;
      nested++;
      for (const e of step.eliminations) if (solution[e.cell] === e.digit) wrong++;
      for (const q of step.placements) if (solution[q.cell] !== q.digit) wrong++;
    }
    nestedSteps += nested;
    if (before.value.guesses > 0) guessedBefore++;
    if (before.value.guesses > 0 && grade.guesses === 0 && nested > 0) nowNested++;
    if (grade.guesses > 0) stillGuess++;
    if (key(before.value) === key(grade)) {
      sameBefore.push(before.ms);
      sameNow.push(now.ms);
    } else {
      console.log(`${name} #${i + 1}: before ${key(before.value)} (${before.ms.toFixed(0)} ms) | now ${key(grade)}, ${nested} nested steps (${now.ms.toFixed(0)} ms)`);
      if (nested > 0) {
        nestedBefore.push(before.ms);
        nestedNow.push(now.ms);
      }
    }
  });
  const ms = (xs: number[]): string => (xs.length === 0 ? '-' : median(xs).toFixed(0));
  console.log(
    `${name}: ${puzzles.length} puzzles; guessed before ${guessedBefore}, of which ${nowNested} now rated without a guess by nested chains; still guessing ${stillGuess}; ${nestedSteps} nested steps, ${wrong} wrong removals so far` +
      `; median CPU ms, same grade: before ${ms(sameBefore)} now ${ms(sameNow)} (${sameBefore.length}); with nested chains: before ${ms(nestedBefore)} now ${ms(nestedNow)} (${nestedBefore.length})`,
  );
}
if (wrong > 0) process.exit(1);
