/**
 * `npm run bench:book`: how long a book takes and how much memory it needs.
 *  - a 1,000-puzzle book laid out from a file (the first 1,000 of 17clue.txt: read, checked, solved,
 *    graded, laid out and written): the built CLI (dist/, `npm run build` first) in a fresh process,
 *    wall time and peak RSS;
 *  - the same split into reading+grading and laying out+writing;
 *  - `npm start` (the default generated book), whole process.
 * Medians of BENCH_ROUNDS runs (default 3). Targets: < 10 s and < 300 MB for the 1,000-puzzle book,
 * < 20 s for `npm start`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './stats.js';

// The built library (dist/), like the CLI: modules that find data files next to themselves
// expect to run from src/ or dist/.
type Render = typeof import('../src/render/index.js');

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const SELF = fileURLToPath(import.meta.url);

interface ChildReport {
  wallMs: number;
  maxRssMb: number;
  gradeMs?: number;
  writeMs?: number;
  pages?: number;
}

const CLI = join(ROOT, 'dist', 'cli', 'main.js');
/** Preloaded into the child: prints its peak RSS (KiB) when it exits. */
const RSS_HOOK = 'data:text/javascript,process.on("exit",()=>process.stderr.write("\\nMAXRSS "+process.resourceUsage().maxRSS+"\\n"))';

/** The built CLI in a fresh process: wall time and peak RSS. */
function runCliProcess(args: string[]): ChildReport {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', RSS_HOOK, CLI, ...args], { encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`sudoku-press ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  const rss = /MAXRSS (\d+)/.exec(result.stderr);
  return { wallMs, maxRssMb: rss ? Number(rss[1]) / 1024 : Number.NaN };
}

/** Runs inside a child process: the file book split into its two phases, printed as JSON. */
async function child(file: string, output: string): Promise<void> {
  const { puzzlesFromFile, writeBookFile, loadTemplate } = (await import(pathToFileURL(join(ROOT, 'dist', 'render', 'index.js')).href)) as Render;
  const started = performance.now();
  const book = await puzzlesFromFile(file);
  const graded = performance.now();
  const result = await writeBookFile({ template: loadTemplate('letter-4up'), title: 'Bench', sections: book.sections, puzzles: book.puzzles, output, force: true });
  const done = performance.now();
  const report: ChildReport = { wallMs: done - started, gradeMs: graded - started, writeMs: done - graded, pages: result.pages, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

function runSplit(file: string, output: string): ChildReport {
  const result = spawnSync(process.execPath, [SELF, 'child', file, output], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`split run failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as ChildReport;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sp-bench-book-'));
  const file = join(dir, 'puzzles-1000.txt');
  const lines = readFileSync(join(DATA, '17clue.txt'), 'utf8').split('\n').filter((l) => l.length >= 81).slice(0, 1000);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const output = join(dir, 'book.pdf');

  const cli = Array.from({ length: ROUNDS }, () => runCliProcess(['book', '--puzzles', file, '-o', output, '--force', '-q']));
  const split = Array.from({ length: ROUNDS }, () => runSplit(file, output));
  const wall = median(cli.map((r) => r.wallMs)) / 1000;
  const rss = Math.max(...cli.map((r) => r.maxRssMb), ...split.map((r) => r.maxRssMb));

  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const startArgs = (pkg.scripts['start'] ?? '').split(' ').slice(2); // after "node dist/cli/main.js"
  const start: ChildReport[] = [];
  let startError = '';
  try {
    for (let i = 0; i < ROUNDS; i++) start.push(runCliProcess([...startArgs, '-o', join(dir, 'start.pdf'), '--force', '-q']));
  } catch (error) {
    startError = (error as Error).message;
  }
  console.log(`Book benchmark (median of ${ROUNDS}; wall time on a shared machine)\n`);
  console.log('| what | time | peak RSS | target |');
  console.log('|---|---:|---:|---|');
  console.log(`| 1,000-puzzle book from a file (${split[0]!.pages} pages, letter-4up), \`sudoku-press book --puzzles\`, whole process | ${wall.toFixed(2)} s | ${rss.toFixed(0)} MB | < 10 s, < 300 MB |`);
  console.log(`| - of which read, check, solve and grade 1,000 puzzles | ${(median(split.map((r) => r.gradeMs!)) / 1000).toFixed(2)} s | | |`);
  console.log(`| - of which lay out and write the PDF | ${(median(split.map((r) => r.writeMs!)) / 1000).toFixed(2)} s | | |`);
  const startCell = start.length === ROUNDS ? `${(median(start.map((r) => r.wallMs)) / 1000).toFixed(2)} s | ${Math.max(...start.map((r) => r.maxRssMb)).toFixed(0)} MB` : `failed: ${startError.split('\n')[0]} |`;
  console.log(`| \`npm start\` (\`${startArgs.join(' ')}\`), whole process | ${startCell} | < 20 s |`);
}

if (process.argv[2] === 'child') {
  await child(process.argv[3]!, process.argv[4]!);
} else {
  await main();
}
