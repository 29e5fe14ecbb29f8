/**
 * Solving paths as data, to show that a speed change leaves the grader's choices alone: for the
 * 360 variant puzzles rated by SukakuExplainer (variant-cases.ts) and the first 150 of top1465,
 * every step's technique, difficulty, placements and eliminations (and a hash of the whole step:
 * pattern and chains), and the grade (ER/EP/ED, counts per technique, lowerBound) gradePuzzle gives.
 *
 *   npx tsc -p tsconfig.bench.json
 *   node build-bench/bench/grade-paths.js --write=/tmp/paths-before.txt   # on the code before
 *   node build-bench/bench/grade-paths.js --check=/tmp/paths-before.txt   # on the code after
 *
 * --check prints the first differing line per puzzle and exits 1 when any puzzle differs.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parsePuzzle } from '../src/core/parse.js';
import type { Step } from '../src/core/step.js';
import { gradePuzzle, solvePath, type GradeInput } from '../src/grader/grade.js';
import { loadTrainingSet, loadWindoku, sharedDataDir } from './variant-cases.js';

interface Puzzle {
  name: string;
  input: GradeInput;
}

function puzzles(): Puzzle[] {
  const list: Puzzle[] = [...loadTrainingSet(), ...loadWindoku()].map((c, i) => ({ name: `${c.variant} #${i}`, input: { rules: c.rules, givens: c.givens } }));
  const top = readFileSync(new URL('top1465.txt', sharedDataDir()), 'utf8').trim().split('\n').slice(0, 150);
  top.forEach((line, i) => list.push({ name: `top1465 #${i}`, input: parsePuzzle(line) }));
  return list;
}

const cells = (list: readonly { cell: number; digit: number }[]): string => list.map((c) => `${c.cell}:${c.digit}`).join(',');

function stepLine(step: Step): string {
  const hash = createHash('sha1').update(JSON.stringify(step)).digest('hex').slice(0, 12);
  return `${step.technique} ${step.difficulty} +${cells(step.placements)} -${cells(step.eliminations)} ${hash}`;
}

/** One block of lines per puzzle: its name, the grade, then one line per step. */
function describe(p: Puzzle): string[] {
  const grade = gradePuzzle(p.input);
  const steps = solvePath(p.input);
  const counts = Object.entries(grade.counts).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join(',');
  return [
    `# ${p.name}`,
    `grade ${grade.rating}/${grade.pearl}/${grade.diamond} ${grade.hardest} steps=${grade.steps} guesses=${grade.guesses} lowerBound=${grade.lowerBound} ${counts}`,
    ...steps.map(stepLine),
  ];
}

const write = process.argv.find((a) => a.startsWith('--write='))?.slice('--write='.length);
const check = process.argv.find((a) => a.startsWith('--check='))?.slice('--check='.length);
if (write === undefined && check === undefined) {
  console.error('usage: grade-paths.js --write=FILE | --check=FILE');
  process.exit(2);
}
const all = puzzles();
const blocks = all.map(describe);
if (write !== undefined) {
  writeFileSync(write, blocks.map((b) => b.join('\n')).join('\n') + '\n');
  console.log(`${all.length} paths, ${blocks.reduce((n, b) => n + b.length - 2, 0)} steps written to ${write}`);
}
if (check !== undefined) {
  const expected = readFileSync(check, 'utf8').trimEnd().split('\n# ').map((b, i) => (i === 0 ? b : `# ${b}`).split('\n'));
  let differ = 0;
  blocks.forEach((block, i) => {
    const want = expected[i] ?? [];
    const at = block.findIndex((line, k) => line !== want[k]);
    if (at === -1 && want.length === block.length) return;
    differ++;
    const k = at === -1 ? block.length : at;
    console.log(`${block[0]}: line ${k} differs\n  expected ${want[k] ?? '(end)'}\n  got      ${block[k] ?? '(end)'}`);
  });
  if (expected.length !== blocks.length) {
    console.log(`expected ${expected.length} puzzles, got ${blocks.length}`);
    differ++;
  }
  console.log(`${all.length - differ}/${all.length} paths identical to ${check}`);
  process.exit(differ === 0 ? 0 : 1);
}
