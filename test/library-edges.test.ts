import { spawn } from 'node:child_process';
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  GenerateOptionError,
  OptionError,
  PuzzleFormatError,
  PuzzleReader,
  boardFromGrid,
  countSolutions,
  drawBoard,
  explainPage,
  formatGrid,
  generate,
  generateOne,
  gradePuzzle,
  gradeWithPath,
  hintStep,
  nextStep,
  parsePuzzle,
  parsePuzzles,
  repairPuzzle,
  reportPage,
  ReportCollector,
  solve,
  solvePath,
  stepShapes,
} from '../src/index.js';
import { loadFontOutlines, openOutputFile, planBook, loadTemplate, writeFileWhole } from '../src/node/index.js';

// Issue 23, item 6: the library's edges. A bad argument is a coded error (never a raw TypeError),
// null options are a usage error everywhere, options are read from the caller's own keys only
// (never through Object.prototype), and a grading pool is bounded and lets the process exit.

const P = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
/** EASY of test/repair.test.ts without its r3c3 given: two solutions, repaired with 2 clues. */
const MULTI = '53..7....6..195....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const DIST = new URL('../dist/node/index.js', import.meta.url).href;

type NodeLib = typeof import('../src/node/index.js');
const compiled = (): Promise<NodeLib> => import(DIST) as Promise<NodeLib>;

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function rejected(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Runs `action` with `keys` set on Object.prototype, and always takes them off again. */
function polluted<T>(keys: Record<string, unknown>, action: () => T): T {
  const proto = Object.prototype as Record<string, unknown>;
  for (const [key, value] of Object.entries(keys)) {
    Object.defineProperty(proto, key, { value, configurable: true, writable: true, enumerable: false });
  }
  try {
    return action();
  } finally {
    for (const key of Object.keys(keys)) delete proto[key];
  }
}

describe('a grading pool', () => {
  test.each<[string, unknown]>([
    ['0', 0],
    ['NaN', Number.NaN],
    ['-1', -1],
    ['1.5', 1.5],
    ['"2"', '2'],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('of size %s is an OptionError BAD_OPTION, not a TypeError later', async (_name, size) => {
    const { GradePool } = await compiled();
    const error = thrown(() => new GradePool(size as number));
    // The compiled package's OptionError (workers need dist/), so by name rather than instanceof.
    expect((error as Error).name).toBe('OptionError');
    expect((error as OptionError).code).toBe('BAD_OPTION');
    expect((error as Error).message).toContain('whole number');
  });

  test('of size 1e6 starts no more threads than the machine runs at once', async () => {
    const { GradePool } = await compiled();
    const pool = new GradePool(1e6);
    try {
      expect(pool.size).toBe(availableParallelism());
      // Eight batches at once: before, each found every worker busy and started one more.
      const batches = await Promise.all(Array.from({ length: 8 }, () => pool.grade([P], {})));
      expect(batches.every((results) => results[0]!.ok)).toBe(true);
      expect(pool.started).toBeLessThanOrEqual(availableParallelism());
    } finally {
      await pool.close();
    }
  });

  test('checks the grade options in this thread (an unknown key, null)', async () => {
    const { GradePool } = await compiled();
    const pool = new GradePool(1);
    try {
      expect((thrown(() => pool.grade([P], { maxRatng: 3 } as object)) as OptionError).code).toBe('UNKNOWN_OPTION');
      expect((thrown(() => pool.grade([P], null as unknown as object)) as OptionError).code).toBe('BAD_OPTION');
      expect(pool.started).toBe(0);
    } finally {
      await pool.close();
    }
  });

  test('left open by a script does not keep the process alive once its work is done', async () => {
    const script = [
      `const { GradePool } = await import(${JSON.stringify(DIST)});`,
      'const pool = new GradePool(2);',
      `const [outcome] = await pool.grade([${JSON.stringify(P)}], {});`,
      "console.log(outcome.ok ? 'graded ' + outcome.grade.rating : 'failed');",
      '// no pool.close(): the idle worker must not hold the event loop',
    ].join('\n');
    const folder = mkdtempSync(join(tmpdir(), 'edges-pool-'));
    const file = join(folder, 'forgets-close.mjs');
    writeFileSync(file, script);
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const ended = await new Promise<number | null | 'hung'>((resolve) => {
      // Generous: grading this puzzle takes well under a second; before the fix it never ended.
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve('hung');
      }, 30_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    rmSync(folder, { recursive: true, force: true });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^graded \d/);
    expect(ended).toBe(0);
  }, 40_000);
});

describe('puzzle text that is not a string is a PuzzleFormatError BAD_GRID_TYPE', () => {
  test.each<[string, unknown]>([
    ['42', 42],
    ['null', null],
    ['undefined', undefined],
    ['an array of numbers', [...P].map((ch) => (ch === '.' ? 0 : Number(ch)))],
    ['an object', { text: P }],
  ])('%s', (_name, text) => {
    for (const call of [() => parsePuzzle(text as string), () => [...parsePuzzles(text as string)]]) {
      const error = thrown(call);
      expect(error).toBeInstanceOf(PuzzleFormatError);
      expect((error as PuzzleFormatError).code).toBe('BAD_GRID_TYPE');
    }
  });

  test('the message says what was given', () => {
    expect(() => parsePuzzle(42 as unknown as string)).toThrow('<input>: expected puzzle text as a string, got number');
  });
});

describe('repairPuzzle and generateOne check their options', () => {
  test('an unknown repair option is an OptionError UNKNOWN_OPTION', () => {
    const error = thrown(() => repairPuzzle(MULTI, { repair: 2 } as object));
    expect(error).toBeInstanceOf(OptionError);
    expect((error as OptionError).code).toBe('UNKNOWN_OPTION');
    expect((error as Error).message).toContain('"repair"');
  });

  test('null repair options are an OptionError BAD_OPTION, not a TypeError', () => {
    const error = thrown(() => repairPuzzle(MULTI, null as unknown as object));
    expect(error).toBeInstanceOf(OptionError);
    expect((error as OptionError).code).toBe('BAD_OPTION');
  });

  test('generateOne(seed, 1, null) is refused (BAD_OPTION), as generate(null) is', async () => {
    const one = thrown(() => generateOne('s', 1, null as unknown as object));
    expect(one).toBeInstanceOf(GenerateOptionError);
    expect((one as GenerateOptionError).code).toBe('BAD_OPTION');
    const run = await rejected(async () => {
      for await (const _ of generate(null as unknown as { seed: string })) break;
    });
    expect((run as GenerateOptionError).code).toBe('BAD_OPTION');
  });
});

describe('null options are a usage error (BAD_OPTION) at every public entry', () => {
  const nul = null as unknown as object;
  test.each<[string, () => unknown]>([
    ['countSolutions', () => countSolutions(P, nul)],
    ['solve', () => solve(P, nul)],
    ['gradePuzzle', () => gradePuzzle(P, nul)],
    ['solvePath', () => solvePath(P, nul)],
    ['gradeWithPath', () => gradeWithPath(P, nul)],
    ['hintStep', () => hintStep(P, nul)],
    ['nextStep', () => nextStep(boardFromGrid(P), nul)],
    ['parsePuzzle', () => parsePuzzle(P, nul)],
    ['parsePuzzles', () => [...parsePuzzles(P, nul)]],
    ['PuzzleReader', () => new PuzzleReader(nul)],
    ['formatGrid', () => formatGrid(P, nul)],
    ['drawBoard', () => drawBoard({ givens: P }, nul)],
    ['stepShapes', () => stepShapes(hintStep(P)!, nul)],
    ['explainPage', () => explainPage({ puzzle: P }, nul)],
    ['reportPage', () => reportPage(new ReportCollector().stats(), nul)],
    ['repairPuzzle', () => repairPuzzle(MULTI, nul)],
    ['generateOne', () => generateOne('s', 1, nul)],
    ['planBook', () => planBook(loadTemplate('letter-4up'), nul as never)],
    ['openOutputFile', () => openOutputFile(join(tmpdir(), 'never-made.txt'), nul)],
    ['writeFileWhole', () => writeFileWhole(join(tmpdir(), 'never-made.txt'), 'x', nul)],
    ['loadFontOutlines', () => loadFontOutlines(nul as never)],
    ['loadFontOutlines without a bold font', () => loadFontOutlines({ regular: 'x.ttf' } as never)],
  ])('%s', (_name, call) => {
    const error = thrown(call);
    expect(error instanceof OptionError || error instanceof GenerateOptionError).toBe(true);
    expect((error as OptionError).code).toBe('BAD_OPTION');
  });

  test('and unknown keys are refused by the entries that took anything before', () => {
    for (const call of [
      () => formatGrid(P, { stlye: 'grid' } as object),
      () => drawBoard({ givens: P }, { sise: 300 } as object),
      () => parsePuzzle(P, { sorce: 'x' } as object),
      () => explainPage({ puzzle: P }, { boardsize: 300 } as object),
    ]) {
      expect((thrown(call) as OptionError).code).toBe('UNKNOWN_OPTION');
    }
  });
});

describe('options are read from the caller\'s own keys, never through Object.prototype', () => {
  test('Object.prototype.limit = 1 does not make a multi-solution puzzle unique', () => {
    expect(countSolutions(MULTI)).toBe(2);
    expect(polluted({ limit: 1 }, () => countSolutions(MULTI))).toBe(2);
    expect(polluted({ limit: 1 }, () => countSolutions(MULTI, {}))).toBe(2);
  });

  test('Object.prototype.maxRating = 2 does not change a grade', () => {
    const rating = gradePuzzle(P).rating;
    expect(rating).toBeGreaterThan(2);
    expect(polluted({ maxRating: 2 }, () => gradePuzzle(P).rating)).toBe(rating);
    expect(polluted({ maxRating: 2 }, () => gradePuzzle(P, {}).rating)).toBe(rating);
  });

  // Each entry with its own option keys set on Object.prototype, to values that would change (or
  // break) the result if they were read: it must give what it gives unpolluted.
  const HOSTILE: Record<string, unknown> = {
    limit: 1,
    stats: { nodes: -1 },
    maxRating: 2,
    uniqueness: false,
    maxDifficulty: 1,
    source: 'evil',
    rejectConflicts: false,
    style: 'grid',
    empty: '0',
    size: 7,
    step: undefined,
    shapes: [{ kind: 'cell', cell: 0, brush: 'elimination' }],
    theme: 'grey',
    layers: { candidates: true, coordinates: true },
    fontFamily: 'Evil',
    title: 'EVIL',
    pattern: false,
    placements: false,
    eliminations: false,
    chains: false,
    proofs: true,
    boardSize: 11,
    links: { index: 'evil.html' },
    index: 'evil.html',
    next: 'evil.html',
    previous: 'evil.html',
    subtitle: 'EVIL',
    difficulty: 'extreme',
    rating: { min: 9, max: 10 },
    technique: 'x-wing',
    pearl: true,
    diamond: true,
    symmetry: 'central',
    minimal: true,
    cluesMin: 30,
    cluesMax: 31,
    timeoutMs: 1,
    maxAttempts: 1,
    repairs: 3,
    keepLevel: true,
    maxNodes: 1,
    solution: P,
  };
  const keys = (...names: string[]): Record<string, unknown> => Object.fromEntries(names.map((name) => [name, HOSTILE[name]]));
  const GRADE = keys('uniqueness', 'maxRating');
  const DRAW = keys('size', 'shapes', 'theme', 'layers', 'fontFamily', 'title');

  const entries: [string, () => unknown, Record<string, unknown>][] = [
    ['countSolutions', () => countSolutions(MULTI), keys('limit', 'stats')],
    ['solve', () => solve(P), keys('stats')],
    ['gradePuzzle', () => gradePuzzle(P), GRADE],
    ['solvePath', () => solvePath(P).length, GRADE],
    ['gradeWithPath', () => gradeWithPath(P).grade, GRADE],
    ['hintStep', () => hintStep(P), keys('uniqueness', 'maxDifficulty')],
    ['nextStep', () => nextStep(boardFromGrid(P)), keys('uniqueness', 'maxDifficulty')],
    ['parsePuzzle', () => Array.from(parsePuzzle(P)), keys('source', 'rejectConflicts')],
    ['parsePuzzle (conflict refused)', () => (thrown(() => parsePuzzle(`44${P.slice(2)}`)) as PuzzleFormatError).message, keys('source', 'rejectConflicts')],
    ['parsePuzzles', () => [...parsePuzzles(`${P}\n${P}`)].map((r) => r.ok && r.puzzle.source), keys('source', 'rejectConflicts')],
    ['formatGrid', () => formatGrid(P), keys('style', 'empty')],
    ['drawBoard', () => drawBoard({ givens: P }), DRAW],
    ['drawBoard with a step', () => drawBoard({ givens: P }, { step: hintStep(P)! }), DRAW],
    ['stepShapes', () => stepShapes(hintStep(P)!), keys('pattern', 'placements', 'eliminations', 'chains', 'proofs')],
    ['explainPage', () => explainPage({ puzzle: P }).html, keys('uniqueness', 'boardSize', 'links', 'index', 'next', 'previous')],
    ['reportPage', () => reportPage(new ReportCollector().stats()), keys('title', 'subtitle')],
    [
      'generateOne',
      () => generateOne('proto', 1),
      keys('difficulty', 'rating', 'technique', 'pearl', 'diamond', 'symmetry', 'minimal', 'cluesMin', 'cluesMax', 'timeoutMs', 'maxAttempts'),
    ],
    ['repairPuzzle', () => repairPuzzle(MULTI), keys('solution', 'symmetry', 'keepLevel', 'repairs', 'maxNodes')],
  ];

  test.each(entries)('%s', (_name, call, hostile) => {
    const clean = call();
    const dirty = polluted(hostile, call);
    expect(dirty).toEqual(clean);
  });
});

describe('the Node entries refuse unknown keys too', () => {
  test('writeFileWhole with a misspelt option writes nothing', () => {
    const folder = mkdtempSync(join(tmpdir(), 'edges-'));
    try {
      const error = thrown(() => writeFileWhole(join(folder, 'a.txt'), 'x', { forse: true } as object));
      expect((error as OptionError).code).toBe('UNKNOWN_OPTION');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
