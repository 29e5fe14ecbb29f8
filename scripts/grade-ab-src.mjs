// Classic grading speed of two source trees in one process (for a commit against its parent, or
// any two checkouts): each tree's src/grader/grade.ts is bundled by esbuild (no build needed, so
// any old commit's `git archive` will do), both grade the same puzzles, and passes alternate
// (A B, then B A, ...) so that both see the same load of a shared machine.
//
//   node scripts/grade-ab-src.mjs TREE_A TREE_B [--rounds=10] [--count=100] [--file=PATH]
//
// Prints the median CPU milliseconds of a pass for each tree, the median of the per-round ratios
// A / B (above 1: B is faster), and how many puzzles grade differently (rating or step count).
// Puzzles: the first `count` of top1465.txt in ../shared/data (or --file, one puzzle a line).
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const trees = args.filter((a) => !a.startsWith('--')).map((a) => resolve(a));
if (trees.length !== 2) {
  console.error('usage: grade-ab-src.mjs TREE_A TREE_B [--rounds=10] [--count=100] [--file=PATH]');
  process.exit(2);
}
const rounds = Number(option('rounds', '10'));
const count = Number(option('count', '100'));
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const file = option('file', join(root, '..', 'shared', 'data', 'top1465.txt'));

const scratch = mkdtempSync(join(tmpdir(), 'grade-ab-'));
async function graderOf(tree, tag) {
  const outfile = join(scratch, `${tag}.mjs`);
  await build({
    stdin: { contents: `export { gradePuzzle } from ${JSON.stringify(join(tree, 'src', 'grader', 'grade.ts'))};`, resolveDir: tree, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'warning',
  });
  return (await import(pathToFileURL(outfile).href)).gradePuzzle;
}
const gradeA = await graderOf(trees[0], 'a');
const gradeB = await graderOf(trees[1], 'b');
rmSync(scratch, { recursive: true, force: true });

const puzzles = readFileSync(file, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => /^[0-9.]{81}/.test(line))
  .map((line) => line.slice(0, 81))
  .slice(0, count);
let differ = 0;
for (const p of puzzles) {
  const a = gradeA(p);
  const b = gradeB(p);
  if (a.rating !== b.rating || a.steps !== b.steps) differ++;
}
const pass = (grade) => {
  const start = process.cpuUsage();
  for (const p of puzzles) grade(p);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (values) => {
  const s = [...values].sort((x, y) => x - y);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const msA = [];
const msB = [];
for (let r = 0; r < rounds; r++) {
  if (r % 2 === 0) {
    msA.push(pass(gradeA));
    msB.push(pass(gradeB));
  } else {
    msB.push(pass(gradeB));
    msA.push(pass(gradeA));
  }
}
const ratios = msA.map((a, i) => a / msB[i]);
console.log(
  JSON.stringify({ a: trees[0], b: trees[1], puzzles: puzzles.length, gradesDiffer: differ, msA: Math.round(median(msA)), msB: Math.round(median(msB)), ratioAoverB: +median(ratios).toFixed(3), ratios: ratios.map((x) => +x.toFixed(3)) }),
);
