/**
 * `npm run bench:variants`: the counting solver for any rules (count to 2), in puzzles per
 * CPU-second, single-threaded, median of several rounds, on the variant sets of
 * test/fixtures/variants (Solo's puzzles and our windoku set; each file names its source), against
 * - our classic band solver on classic puzzles of similar difficulty, timed in turns with each row
 *   (the same rounds): the ratio column (Solo's intermediate classic 9x9 for Solo's intermediate sets and the killers, Solo's
 *   unreasonable for the unreasonable jigsaws, classic puzzles made as the windoku set for the minimal
 *   windoku set, and classic puzzles of our generator at the same level, i.e. the same band of our
 *   grader's rating, for the windoku and jigsaw sets of our generator at medium, hard and expert;
 *   two more tables give the search nodes a puzzle of each windoku and each jigsaw set and of its
 *   reference; bench/jigsaw-difficulty.ts grades the jigsaw pairs);
 * - the Interactive Sudoku Solver (sigh/Interactive-Sudoku-Solver) on the same puzzles, end to end
 *   (constraint text in, count out: SudokuParser.parseString, SudokuBuilder.build, countSolutions(2)),
 *   loaded from a checkout named by ISS_DIR (never copied here); the column is skipped without it.
 * "ours" is the count on a rules value already built (what a checker of many puzzles with the same
 * rules pays); "ours end to end" builds the rules from their description first (every killer has
 * its own cages, so its rules are new each time); "from the line" starts from the puzzle's line of
 * text (JSON.parse, the description, buildRules, count): what a checker of a file pays per puzzle;
 * one killer row reads the same puzzles as variant lines instead (parseVariantLine, its checks
 * included), the form a file of puzzles takes.
 * BENCH_SETS=killer,windoku runs only the sets whose names contain one of the words (each with its
 * reference), BENCH_ROUNDS the number of rounds (5).
 * 81-cell, 9-digit rule sets are counted by a fast path (band-extra-solver.ts for classic boxes
 * with extra houses or killer cages, grid9-solver.ts for jigsaw, which hands plain jigsaws to
 * jigsaw9-solver.ts); "general solver" is the general one
 * on the same built rules, for the gain of the fast path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildRules, type CageSpec, type Rules, type RulesSpec } from '../src/rules/index.js';
import { countRules, countRulesGeneral, lastRulesStats } from '../src/solver/rules-solver.js';
import { formatVariantLine, parseVariantLine } from '../src/formats/index.js';
import { Solver } from '../src/solver/index.js';

const DIR = fileURLToPath(new URL('../../test/fixtures/variants/', import.meta.url));
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
/** BENCH_SETS=killer,windoku: only the sets whose names contain one of these words (all by default). */
const ONLY = (process.env['BENCH_SETS'] ?? '').split(',').filter((word) => word !== '');
const ISS_DIR = process.env['ISS_DIR'];

interface Item {
  line: string;
  spec: RulesSpec;
  rules: Rules;
  givens: Uint8Array;
  iss: string;
}

const VALUE = '.123456789ABCDEFG';
/**
 * Each set, its name, the classic set of similar difficulty the ratio column compares it with, and
 * the line "from the line" reads: the fixture's JSON (default), or the puzzle as a variant line
 * (src/formats/line.ts, what a file of puzzles holds: parseVariantLine with its checks, then count).
 */
const SETS: [file: string, name: string, reference: string, line?: 'variant'][] = [
  ['jigsaw.txt', 'jigsaw 9x9 (Solo intermediate)', 'classic-solo.txt'],
  ['jigsaw-unreasonable.txt', 'jigsaw 9x9 (Solo unreasonable)', 'classic-unreasonable.txt'],
  ['jigsaw-medium.txt', 'jigsaw 9x9 (our generator, medium)', 'classic-medium.txt'],
  ['jigsaw-hard.txt', 'jigsaw 9x9 (our generator, hard)', 'classic-hard.txt'],
  ['jigsaw-expert.txt', 'jigsaw 9x9 (our generator, expert)', 'classic-expert.txt'],
  ['x.txt', 'X 9x9 (Solo intermediate)', 'classic-solo.txt'],
  ['windoku.txt', 'windoku 9x9 (ours, minimal)', 'classic-minimal.txt'],
  ['windoku-medium.txt', 'windoku 9x9 (our generator, medium)', 'classic-medium.txt'],
  ['windoku-hard.txt', 'windoku 9x9 (our generator, hard)', 'classic-hard.txt'],
  ['windoku-expert.txt', 'windoku 9x9 (our generator, expert)', 'classic-expert.txt'],
  ['killer.txt', 'killer 9x9, no givens (Solo)', 'classic-solo.txt'],
  ['killer.txt', 'killer 9x9, no givens (Solo), from a variant line', 'classic-solo.txt', 'variant'],
  ['6x6.txt', '6x6 (Solo)', ''],
  ['16x16.txt', '16x16 (Solo)', ''],
  ['classic-solo.txt', 'classic 9x9 (Solo intermediate)', 'classic-solo.txt'],
];
/** The classic reference sets: the band solver's rate on each is measured once, first. */
const REFERENCES: [file: string, name: string][] = [
  ['classic-solo.txt', "Solo's intermediate classic 9x9"],
  ['classic-unreasonable.txt', "Solo's unreasonable classic 9x9"],
  ['classic-minimal.txt', 'classic 9x9 made as the windoku set (minimal, test/helpers/make-classic-references.ts)'],
  ['classic-medium.txt', 'classic 9x9 of our generator, medium (the windoku and jigsaw medium rows\' reference, test/helpers/make-level-references.ts)'],
  ['classic-hard.txt', 'classic 9x9 of our generator, hard (as above)'],
  ['classic-expert.txt', 'classic 9x9 of our generator, expert (as above)'],
];

/**
 * A puzzle line of the fixtures: its description and givens. Part of what "from the line" times, so
 * written as a checker of a file would (plain assignments and loops; spreads, iterator callbacks and
 * rest patterns cost more than building the rules).
 */
function parseLine(line: string): { spec: RulesSpec; givens: Uint8Array } {
  const p = JSON.parse(line) as { size: number; boxes?: [number, number]; regions?: string; x?: boolean; windoku?: boolean; cages?: number[][]; givens: string };
  const spec: { -readonly [K in keyof RulesSpec]: RulesSpec[K] } = { size: p.size };
  if (p.boxes) spec.boxes = { rows: p.boxes[0], cols: p.boxes[1] };
  if (p.regions !== undefined) {
    const regions = new Array<number>(p.regions.length);
    for (let i = 0; i < regions.length; i++) regions[i] = parseInt(p.regions[i]!, 16);
    spec.regions = regions;
  }
  if (p.x === true) {
    spec.diagonalDown = true;
    spec.diagonalUp = true;
  }
  if (p.windoku === true) spec.windoku = true;
  if (p.cages) {
    const cages = new Array<CageSpec>(p.cages.length);
    for (let i = 0; i < cages.length; i++) {
      const cage = p.cages[i]!;
      cages[i] = { cells: cage.slice(1), sum: cage[0]! };
    }
    spec.cages = cages;
  }
  const givens = new Uint8Array(p.givens.length);
  for (let i = 0; i < givens.length; i++) givens[i] = VALUE.indexOf(p.givens[i]!);
  return { spec, givens };
}

function load(file: string, format?: 'variant'): Item[] {
  return readFileSync(DIR + file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const { spec, givens } = parseLine(line);
      const rules = buildRules(spec);
      return { line: format === 'variant' ? formatVariantLine({ rules, givens }) : line, spec, rules, givens, iss: issText(spec.size, spec, givens) };
    });
}

function countLine(line: string): number {
  const { spec, givens } = parseLine(line);
  return countRules(buildRules(spec), givens, 2);
}

function countVariantLine(line: string): number {
  const { rules, givens } = parseVariantLine(line);
  return countRules(rules, givens, 2);
}

/** The puzzle in ISS's constraint text. */
function issText(size: number, spec: RulesSpec, givens: Uint8Array): string {
  // ISS names rows and columns in base 36: R1C9, RaCg (16x16).
  const name = (cell: number) => `R${(Math.floor(cell / size) + 1).toString(36)}C${((cell % size) + 1).toString(36)}`;
  let text = size === 9 ? '' : `.Shape~${size}x${size}`;
  if (spec.regions) text += `.Jigsaw~${spec.regions.map((r) => VALUE[r + 1]).join('')}.NoBoxes`;
  if (spec.diagonalDown) text += '.Diagonal~-1';
  if (spec.diagonalUp) text += '.Diagonal~1';
  if (spec.windoku) text += '.Windoku';
  for (const cage of spec.cages ?? []) text += `.Cage~${cage.sum}~${cage.cells.map(name).join('~')}`;
  givens.forEach((digit, cell) => {
    if (digit !== 0) text += `.~${name(cell)}_${digit}`;
  });
  return text;
}

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** A set and a way to count it: one column of a row. */
interface Job {
  items: Item[];
  run: (item: Item) => number;
}

/**
 * Median puzzles per CPU-second of each job over ROUNDS rounds (after a warm-up), taking turns
 * within each round, so that every job of a row (its classic reference included) is timed under
 * the same load and the same state of the JIT: a reference timed minutes before its row read
 * 269,190/s where the same solver read 121,071/s at the end of the same run.
 */
function measure(jobs: Job[]): number[] {
  for (const { items, run } of jobs) for (const item of items) run(item);
  const rates: number[][] = jobs.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    jobs.forEach(({ items, run }, i) => {
      let sink = 0;
      let done = 0;
      const start = cpuSeconds();
      // Small or fast sets are repeated to about 0.2 s a round, so that the clock's grain does not count.
      do {
        for (const item of items) sink += run(item);
        done += items.length;
      } while (cpuSeconds() - start < 0.2);
      const seconds = cpuSeconds() - start;
      if (sink < 0) console.log(sink);
      rates[i]!.push(done / seconds);
    });
  }
  return rates.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

type IssCount = (text: string) => number;
async function loadIss(): Promise<IssCount | null> {
  if (ISS_DIR === undefined || ISS_DIR === '') return null;
  const at = (path: string) => pathToFileURL(`${ISS_DIR}/${path}`).href;
  const env = (await import(at('tests/helpers/test_env.js'))) as { ensureGlobalEnvironment: () => void };
  env.ensureGlobalEnvironment();
  const { SudokuParser } = (await import(at('js/sudoku_parser.js'))) as { SudokuParser: { parseString: (s: string) => unknown } };
  const { SudokuBuilder } = (await import(at('js/solver/sudoku_builder.js'))) as {
    SudokuBuilder: { build: (c: unknown) => { countSolutions: (limit: number) => number }; resolveConstraint?: (c: unknown) => unknown };
  };
  return (text) => {
    const parsed = SudokuParser.parseString(text);
    const constraint = SudokuBuilder.resolveConstraint ? SudokuBuilder.resolveConstraint(parsed) : parsed;
    return SudokuBuilder.build(constraint).countSolutions(2);
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (n: number) => `${n >= 10 ? n.toFixed(0) : n.toFixed(2)}x`;

const iss = await loadIss();
if (iss === null) console.log('ISS_DIR is not set: the Interactive Sudoku Solver column is skipped (ISS_DIR=/path/to/Interactive-Sudoku-Solver to compare).\n');
const band = new Solver();
/** The reference sets, loaded once; each is timed in turns with the rows that refer to it. */
const referenceItems = new Map<string, Item[]>();
/** Search nodes per puzzle (count to 2) of the reference sets (band solver) and of the windoku sets. */
const nodesPerPuzzle = new Map<string, number>();
for (const [file] of REFERENCES) {
  const classic = load(file);
  let nodes = 0;
  for (const item of classic) {
    if (band.count(item.givens, 2) !== 1) throw new Error(`${file}: a puzzle is not unique`);
    nodes += band.stats.nodes;
  }
  nodesPerPuzzle.set(file, nodes / classic.length);
  referenceItems.set(file, classic);
}
const known = new Set([...SETS.map(([file]) => file), ...REFERENCES.map(([file]) => file)]);
for (const file of readdirSync(DIR)) if (file.endsWith('.txt') && !known.has(file)) console.log(`(not benched: ${file})`);

console.log(`# Variant counting (count to 2): puzzles per CPU-second, single-threaded, median of ${ROUNDS} rounds\n`);
console.log('The references of the ratio column: the classic band solver on classic puzzles of similar difficulty, timed in turns with the row (same rounds):');
for (const [file, name] of REFERENCES) console.log(`- ${file}: ${name}`);
console.log('');
console.log('| set | puzzles | ours | ours end to end | from the line | general solver | classic reference, same rounds | ratio to it | ISS end to end | ours end to end / ISS |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
/** The windoku rows' nodes per puzzle, for the table after the main one. */
const windokuNodes: [name: string, nodes: number, reference: string][] = [];
/** The same for the jigsaw rows (jigsaw9-solver.ts), in a table of their own. */
const jigsawNodes: [name: string, nodes: number, reference: string][] = [];
for (const [file, name, reference, format] of SETS) {
  if (ONLY.length > 0 && !ONLY.some((word) => name.includes(word))) continue;
  const items = load(file, format);
  let nodes = 0;
  for (const item of items) {
    if (countRules(item.rules, item.givens, 2) !== 1) throw new Error(`${file}: a puzzle does not count 1`);
    nodes += lastRulesStats().nodes;
    if (iss !== null && iss(item.iss) !== 1) throw new Error(`${file}: ISS does not count 1 on ${item.iss.slice(0, 80)}...`);
  }
  if (file.startsWith('windoku')) windokuNodes.push([name, nodes / items.length, reference]);
  if (file.startsWith('jigsaw')) jigsawNodes.push([name, nodes / items.length, reference]);
  const references = reference !== '' && file !== reference ? referenceItems.get(reference)! : null;
  const jobs: Job[] = [
    { items, run: (item) => countRules(item.rules, item.givens, 2) },
    { items, run: (item) => countRules(buildRules(item.spec), item.givens, 2) },
    { items, run: format === 'variant' ? (item) => countVariantLine(item.line) : (item) => countLine(item.line) },
    { items, run: (item) => countRulesGeneral(item.rules, item.givens, 2) },
  ];
  if (references !== null) jobs.push({ items: references, run: (item) => band.count(item.givens, 2) });
  if (iss !== null) jobs.push({ items, run: (item) => iss(item.iss) });
  const rates = measure(jobs);
  const [ours, endToEnd, fromLine, general] = rates as [number, number, number, number];
  const classicRate = references !== null ? rates[4]! : undefined;
  const issRate = iss !== null ? rates[rates.length - 1]! : undefined;
  const classicRatio = file === reference ? 'countRules on classic rules' : classicRate !== undefined ? `${ratio(ours / classicRate)} (${reference})` : '(other size)';
  console.log(
    `| ${name} | ${items.length} | ${fmt(ours)} | ${fmt(endToEnd)} | ${fmt(fromLine)} | ${fmt(general)} | ${classicRate === undefined ? '' : fmt(classicRate)} | ${classicRatio} | ${issRate === undefined ? 'skipped' : fmt(issRate)} | ${issRate === undefined ? '' : ratio(endToEnd / issRate)} |`,
  );
}
if (windokuNodes.length > 0) {
  console.log('\nSearch nodes a puzzle (count to 2) of the windoku sets and of their classic references (band solver):\n');
  console.log('| set | nodes / puzzle | reference | its nodes / puzzle |');
  console.log('|---|---:|---|---:|');
  for (const [name, nodes, reference] of windokuNodes) console.log(`| ${name} | ${nodes.toFixed(1)} | ${reference} | ${nodesPerPuzzle.get(reference)!.toFixed(1)} |`);
}
if (jigsawNodes.length > 0) {
  // Difficulty for a person of each pair (our grader's median rating, givens): bench/jigsaw-difficulty.ts.
  console.log('\nSearch nodes a puzzle (count to 2) of the jigsaw sets and of their classic references (band solver):\n');
  console.log('| set | nodes / puzzle | reference | its nodes / puzzle |');
  console.log('|---|---:|---|---:|');
  for (const [name, nodes, reference] of jigsawNodes) console.log(`| ${name} | ${nodes.toFixed(1)} | ${reference} | ${nodesPerPuzzle.get(reference)!.toFixed(1)} |`);
}
