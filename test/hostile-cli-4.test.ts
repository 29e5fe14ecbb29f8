/**
 * What a newcomer and a hostile user still met (audit 10): solve's variant solutions read back,
 * hint wording on variant houses, hostile text input. In-process runs on small inputs: cheap.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { geometryOf } from '../src/core/geometry.js';
import { toFpuzzles } from '../src/formats/fpuzzles.js';
import { generalHintTiers } from '../src/grader/general/text.js';
import { hintTiers } from '../src/grader/hint-tiers.js';
import { LADDER, solvePath } from '../src/index.js';
import { parseVariantLine } from '../src/formats/line.js';
import { classicRules, withCages } from '../src/rules/constructors.js';
import { BIN, run } from './helpers/cli.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');

/** One generated puzzle of each variant (test/fixtures/variant-book.jsonl: 11 variants), with its solution digits. */
const made = new Map<string, { puzzle: string; solution: string }>();
for (const line of lines(readFileSync(`${FIXTURES}variant-book.jsonl`, 'utf8'))) {
  const o = JSON.parse(line) as { variant: string; puzzle: string; solution: string };
  if (!made.has(o.variant)) made.set(o.variant, o);
}

const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const HARD1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
/** A killer of 81 one-cell cages (more than a line's 62): its sums are the solution. */
const MANY_CAGES = JSON.stringify(
  toFpuzzles({
    rules: withCages(classicRules(9), [...HARD1_SOLUTION].map((ch, cell) => ({ cells: [cell], sum: Number(ch) }))),
    givens: new Uint8Array(81),
  }),
);

describe('solve writes a variant solution in a form read back under the same rules', () => {
  const soloIds = lines(readFileSync(`${FIXTURES}variants/solo-ids.txt`, 'utf8')).filter((line) => !line.startsWith('#'));
  const jigsaw = parseVariantLine(made.get('jigsaw')!.puzzle);
  const input = [
    `${HARD1} hard1`,
    ...[...made.values()].map((o, i) => `${o.puzzle} label${i}`),
    // A jigsaw read tagged stays tagged; read as GIVENS LAYOUT (the variant-book line) stays so.
    `jigsaw:${jigsaw.givens.join('').replaceAll('0', '.')} regions=${jigsaw.rules.spec.regions!.map((r) => r + 1).join('')} tagged`,
    ...soloIds.slice(0, 3),
    lines(readFileSync(`${FIXTURES}variants/fpuzzles-lines.jsonl`, 'utf8'))[0]!,
    MANY_CAGES,
  ];

  test('every variant (and Solo IDs, f-puzzles, 81 cages): check reads each solution back to 1 solution; --json carries the same; classic unchanged', async () => {
    const solved = await run(['solve'], input.join('\n') + '\n');
    expect([solved.code, solved.stderr]).toEqual([0, '']);
    const out = lines(solved.stdout);
    expect(out).toHaveLength(input.length);
    expect(out[0]).toBe(`${HARD1_SOLUTION} hard1`);
    [...made.values()].forEach((o, i) => {
      const read = parseVariantLine(out[i + 1]!);
      expect(read.rules.spec).toEqual(parseVariantLine(o.puzzle).rules.spec);
      expect(read.label).toBe(`label${i}`);
      // The generator's solution (digits, or a Samurai's line) is the givens of the line.
      expect(o.solution.startsWith('samurai:') ? parseVariantLine(o.solution).givens : Uint8Array.from([...o.solution].map((ch) => Number.parseInt(ch, 36)))).toEqual(read.givens);
    });
    expect(out[made.size + 1]).toMatch(/^jigsaw:[1-9]{81} regions=[1-9]{81} tagged$/);
    expect(out[[...made.keys()].indexOf('jigsaw') + 1]).toMatch(/^[1-9]{81} [1-9]{81} label\d+$/);
    expect(JSON.parse(out.at(-1)!)).toMatchObject({ size: 9 });
    const checked = await run(['check', '--json'], solved.stdout);
    const statuses = lines(checked.stdout).map((line) => JSON.parse(line) as { status?: string });
    expect(statuses.slice(0, -1).map((s) => s.status)).toEqual(input.map(() => 'unique'));
    expect(checked.code).toBe(0);
    // --json: the same text as "solution"; solved again, the same lines.
    const json = lines((await run(['solve', '--json'], input.join('\n') + '\n')).stdout).map((line) => JSON.parse(line) as { solution: string; label?: string });
    expect(json.map((o) => (o.label === undefined || o.solution.startsWith('{') ? o.solution : `${o.solution} ${o.label}`))).toEqual(out);
    expect((await run(['solve'], solved.stdout)).stdout).toBe(solved.stdout);
  }, 60_000);
});

describe('hint tiers name the houses of variants as they are (a jigsaw has regions, not boxes)', () => {
  const puzzles = [...made.values()].map((o) => o.puzzle).filter((line) => /^(x|windoku|6x6):|^[.1-9]{81} /.test(line));
  // Our hard windokus point into windows (from a box, a column, an implied window).
  for (const line of lines(readFileSync(`${FIXTURES}variants/windoku-hard.txt`, 'utf8')).filter((l) => l.startsWith('{')).slice(3, 6)) {
    puzzles.push(`windoku:${(JSON.parse(line) as { givens: string }).givens}`);
  }
  const WORDS: Record<string, string> = { box: 'box', region: 'region', window: 'window', diagonal: 'diagonal' };

  test('every step of jigsaw, X, windoku and 6x6 paths: the idea names only kinds of houses the step is about; a 6x6 keeps the classic words', () => {
    const ideas = new Set<string>();
    for (const line of puzzles) {
      const { rules, givens } = parseVariantLine(line);
      const general = rules.size !== 9;
      const geometry = geometryOf(general ? classicRules(9) : rules);
      for (const step of solvePath({ rules, givens })) {
        const tiers = general ? generalHintTiers(step, rules) : hintTiers(step, geometry);
        const cell = step.placements[0]?.cell ?? step.pattern.cells[0] ?? 0;
        // Houses are numbered by the rules on other sizes, by the geometry on 9x9 (rows, columns, regions, extras).
        const cellHouses = general ? [...rules.housesOf[cell]!] : [...geometry.cellHouses.subarray(geometry.cellHouseStart[cell], geometry.cellHouseStart[cell + 1])];
        const kinds = general ? rules.houseKinds : geometry.houseKinds;
        const about = new Set([...step.pattern.units, ...cellHouses].map((house) => kinds[house]));
        for (const [word, kind] of Object.entries(WORDS)) {
          if (new RegExp(`\\b${word}`).test(tiers.idea) && !about.has(kind as never)) throw new Error(`${line}: ${step.technique}: "${tiers.idea}" names a ${word}`);
        }
        if (rules.variant === 'jigsaw') expect(`${tiers.where} ${tiers.idea}`).not.toMatch(/\bbox/);
        if (general) expect(tiers.idea).toBe(hintTiers({ ...step, pattern: { cells: [], digits: [], units: [] } }).idea);
        ideas.add(tiers.idea);
      }
    }
    const all = [...ideas].join('\n');
    expect(all).toMatch(/Inside one (box|row|column|window), a digit can only go in one window/);
    expect(all).toMatch(/of a region\.|Inside one region/);
    expect(all).toMatch(/row, column, box or diagonal/);
  }, 30_000);

  test('every technique\'s idea on jigsaw rules (killer ones too) says region, never box', () => {
    const geometry = geometryOf(parseVariantLine(made.get('jigsaw')!.puzzle).rules);
    const killer = ['killer-single', 'cage-combination', 'cage-hidden-single', 'cage-arrangement', 'cage-pointing', 'house-cage-claiming', 'innies', 'outies', 'cage-splitting', 'house-combination'];
    const ideas = [...LADDER.map((def) => def.id), ...killer].map((technique) => hintTiers({ technique, difficulty: 1, placements: [], eliminations: [], pattern: { cells: [], digits: [], units: [] } } as never, geometry).idea);
    expect(ideas.filter((idea) => /\bbox/.test(idea))).toEqual([]);
    expect(ideas.filter((idea) => /\bregion/.test(idea)).length).toBeGreaterThan(10);
  });

  test('hint --tier 2 on a jigsaw: region words', async () => {
    const jigsaw = made.get('jigsaw')!.puzzle;
    const hint = await run(['hint', '--tier', '2', jigsaw]);
    expect(hint.code).toBe(0);
    expect(hint.stdout).not.toMatch(/\bbox/);
  });
});

describe('hostile text input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-audit10-'));

  test('UTF-16 saved without its byte order mark (little- or big-endian): one line, exit 2, not a record "unexpected character U+0000" per line', async () => {
    const le = join(dir, 'le.txt');
    writeFileSync(le, Buffer.from(`${HARD1}\n${HARD1}\n`, 'utf16le'));
    const be = join(dir, 'be.txt');
    writeFileSync(be, Buffer.from(`${HARD1}\n`, 'utf16le').swap16());
    for (const [argv, name] of [[['check', le], `'${le}'`], [['solve', be], `'${be}'`]] as const) {
      const result = await run([...argv]);
      expect([result.code, result.stdout, result.stderr]).toEqual([2, '', `sudoku-press: cannot read ${name}: it is UTF-16 text (save it as UTF-8)\n`]);
    }
    const piped = await run(['grade'], [...`${HARD1}\n`].join('\u0000'));
    expect([piped.code, piped.stderr]).toEqual([2, 'sudoku-press: cannot read standard input: it is UTF-16 text (save it as UTF-8)\n']);
    // NUL bytes in a UTF-8 file are still one record each, the good lines read.
    const nul = await run(['check'], `${HARD1}\n4....\u0000.8.5\n\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\n${HARD1}\n`);
    expect(nul.stdout).toMatch(/<stdin>:1: unique[\s\S]*<stdin>:2: invalid: unexpected character U\+0000 at column 6\n<stdin>:3: invalid[\s\S]*<stdin>:4: unique/);
  });

  test('CRLF, CR-only and a UTF-8 byte order mark: the same records as LF', async () => {
    const six = '6x6:..351.5.12.3.3....4163.5...1........';
    const lf = await run(['solve'], `${HARD1} hard1\n${six}\n`);
    for (const text of [`${HARD1} hard1\r\n${six}\r\n`, `${HARD1} hard1\r${six}\r`, `\uFEFF${HARD1} hard1\n${six}\n`]) {
      expect(await run(['solve'], text)).toEqual(lf);
    }
  });

  test('no puzzle in "-" or a file named with escapes: standard input by name, the name made safe', async () => {
    expect((await run(['hint', '-'], '')).stderr).toBe('sudoku-press: no puzzle found in standard input\n');
    expect((await run(['check', '-'], '')).stderr).toContain('sudoku-press: no puzzle found in standard input\n');
    const evil = join(dir, 'e\u001b[31mvil.txt');
    writeFileSync(evil, '');
    const result = await run(['grade', evil]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('\\u001b[31mvil.txt');
    expect(result.stderr).not.toContain('\u001b');
  });

  test('book --puzzles - (standard input, as other commands read "-"): one line saying it takes a file', async () => {
    const result = await run(['book', '--puzzles', '-', '-o', join(dir, 'b.pdf')], `${HARD1}\n`);
    expect([result.code, result.stderr]).toEqual([2, 'sudoku-press: --puzzles takes a file, not standard input: save the puzzles to a file first (sudoku-press generate ... > puzzles.txt)\n']);
  });

  test('an f-puzzles title with line breaks and escapes is one line of label (solve wrote the rest of the title as a line of its own)', async () => {
    const data = JSON.parse(MANY_CAGES) as Record<string, unknown>;
    data.title = ' evil\ntitle\r\u001b[31m red\u2028end ';
    const solved = await run(['solve'], `${JSON.stringify(data)}\n`);
    expect(solved.code).toBe(0);
    expect(lines(solved.stdout)).toHaveLength(1);
    // Read back (an f-puzzles object: 81 cages), the title is the same one-line label.
    expect(JSON.parse(solved.stdout)).toMatchObject({ title: 'evil title [31m red end' });
    expect((await run(['check'], solved.stdout)).stdout).toContain('<stdin>:1: unique  evil title [31m red end\n');
  });

  test('a classic-only command names the variant with its article ("an x puzzle", "a jigsaw")', async () => {
    const result = await run(['repair'], `${made.get('x')!.puzzle}\n`);
    expect([result.code, result.stderr]).toEqual([2, 'sudoku-press: repair takes classic puzzles only: <stdin>:1 is an x puzzle (check, solve, grade, explain and hint read variants)\n']);
  });
});

describe('output cut short by the reader (| head -1: EPIPE)', () => {
  test('check, solve --json, grade and generate stop quietly: exit 0, nothing on stderr', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-audit10-pipe-'));
    const many = join(dir, 'many.txt');
    writeFileSync(many, `${HARD1}\n6x6:..351.5.12.3.3....4163.5...1........\n`.repeat(400));
    const commands = [`check ${many}`, `solve --json ${many}`, `grade ${many}`, 'generate --variant 6x6 -n 300 --seed pipe'];
    const script = commands.map((args) => `node ${JSON.stringify(BIN)} ${args} 2>>${JSON.stringify(join(dir, 'err'))} | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`).join('\n');
    const codes = execFileSync('bash', ['-c', script], { encoding: 'utf8', timeout: 60_000 });
    expect(codes.trim().split('\n')).toEqual(commands.map(() => '0'));
    expect(readFileSync(join(dir, 'err'), 'utf8')).toBe('');
  }, 60_000);
});
