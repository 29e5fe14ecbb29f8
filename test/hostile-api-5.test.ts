/**
 * Every function and class of both entries with odd values (polish 11): a Symbol, a BigInt, an
 * object without a prototype, frozen objects, a Proxy and getters that throw, arrays holding
 * those; in each argument, and in each option the function names as known. Each call answers or
 * throws a coded error (or the getter's own error), never a TypeError or RangeError from inside
 * ("Cannot convert a Symbol value to a string" in an error message, "Cannot convert object to
 * primitive value"). About 7,000 calls, 3-4 s.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as core from '../src/index.js';
import * as node from '../src/node/index.js';

const DIR = mkdtempSync(join(tmpdir(), 'sudoku-hostile5-'));
const G = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const SOL = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
const SIX = core.parseVariantLine('6x6:..351.5.12.3.3....4163.5...1........');
const rules9 = core.classicRules(9);
const board = () => core.boardFromGrid(G);
const step = core.solvePath(G)[0]!;
const grade = core.gradePuzzle(G);
const chain = { nodes: [{ cell: 0, digit: 1, on: true }, { cell: 1, digit: 1, on: false }] };
const scene = () => core.boardScene({ givens: G });

/** The error a hostile getter or Proxy trap throws: passing it on is right. */
const OWN = new Error('the caller’s own getter');
const trap = () => {
  throw OWN;
};
const HOSTILE: Record<string, unknown> = {
  symbol: Symbol('s'),
  bigint: 10n,
  'null prototype': Object.create(null),
  'null prototype with fields': Object.assign(Object.create(null), { size: 9, count: 1, seed: 's' }),
  'frozen object': Object.freeze({ size: 9 }),
  'frozen array': Object.freeze([1, 2, 3]),
  'proxy that throws': new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap }),
  'getters that throw': Object.defineProperties({}, Object.fromEntries(['size', 'seed', 'count', 'rules', 'givens'].map((key) => [key, { get: trap, enumerable: true }]))),
  'proxy of an array': new Proxy([1, 2], {}),
  'array of a symbol': [Symbol('a')],
  'array of bigints': [1n, 2n],
  'array of a null-prototype object': [Object.create(null)],
  function: () => 1,
};

/** Arguments that work, so that a hostile value in a later argument is reached. */
const VALID: Record<string, unknown[]> = {
  parsePuzzle: [G], parsePuzzles: [G], countSolutions: [G, {}], solve: [G, {}], solvePath: [G], gradePuzzle: [G, {}], gradeWithPath: [G, {}],
  nextStep: [board(), {}], hintStep: [G, {}], isMinimal: [G], clueCount: [G], findConflict: [G], formatGrid: [G, {}], isSolvedGrid: [SOL],
  extendsGrid: [G, SOL], boardFromGrid: [G], hasSymmetry: [G, 'rotational'], repairPuzzle: [G, {}], generateOne: ['s', 1, {}],
  generate: [{ count: 1, seed: 's' }], generateVariant: [{ variant: '6x6', seed: 's' }], variantLevels: ['6x6'], parseRatingBand: ['1.5-2.0'],
  cellName: [0], unitName: [0], digitsOf: [3], techniqueById: ['pointing'], isLevel: ['easy'], levelOf: [2], levelBand: ['easy'], plainCellName: [0],
  drawBoard: [{ givens: G }, {}], boardScene: [{ givens: G }, {}], drawVariantBoard: [{ rules: SIX.rules, givens: SIX.givens }, {}], variantBoardScene: [{ rules: SIX.rules, givens: SIX.givens }, {}],
  drawVariantStep: [{ rules: SIX.rules, givens: SIX.givens, step }, {}], variantStepScene: [{ rules: SIX.rules, givens: SIX.givens, step }, {}],
  explainPage: [{ puzzle: G }, {}], explainPathPage: [{ puzzle: G, grade, steps: [step] }, {}],
  explainIndexPage: [[{ href: 'a', puzzle: G, outcome: { status: 'graded', grade, steps: 1 } }], 't'],
  reportPage: [new core.ReportCollector().stats(), {}], statsText: [new core.ReportCollector().stats()],
  searchHittingSets: [new core.SetFamily(), { weights: [1], allowed: [1, 0, 0] }], countRules: [SIX.rules, SIX.givens], solveRules: [SIX.rules, SIX.givens], isClassic9: [rules9],
  findGivenConflict: [SIX.rules, SIX.givens], cellNameOf: [SIX.rules, 0], houseNameOf: [SIX.rules, 0], formatValues: [SIX.rules, SIX.givens],
  describeStep: [step], hintTiers: [step], readPuzzles: [[G], {}], readAnyPuzzles: [[G], {}], describeConflict: [{ cells: [0, 1], digit: 7, unit: 0 }],
  formatChain: [chain], formatChainLines: [[chain], '  ', 0], stepShapes: [step, {}], sceneToSvg: [scene()], maskOf: [[1, 2]],
  cloneBoard: [board()], placeDigit: [board(), 1, 1], applyStep: [board(), step], emptyCellCount: [board()],
  buildRules: [{ size: 6 }], boxShapeOf: [6], cageSumRange: [2, 9], classicRules: [9], jigsawRules: [Array.from({ length: 81 }, (_, i) => Math.floor(i / 9))],
  withSpec: [rules9, {}], withDiagonals: [rules9, { down: true }], withWindoku: [rules9], withDisjointGroups: [rules9], withAsterisk: [rules9], withCentreDot: [rules9],
  withExtraRegions: [rules9, [[0, 1, 2, 3, 4, 5, 6, 7, 8]]], withCages: [rules9, [{ cells: [0, 1], sum: 3 }]], withParity: [rules9, new Array(81).fill(0)],
  parseVariantLine: ['6x6:..351.5.12.3.3....4163.5...1........', {}], formatVariantLine: [SIX], toFpuzzles: [SIX], fromFpuzzles: [core.toFpuzzles(SIX)],
  fromFpuzzlesJson: [JSON.stringify(core.toFpuzzles(SIX))], toFpuzzlesBase64: [SIX], fromFpuzzlesBase64: [core.toFpuzzlesBase64(SIX)],
  fromSoloId: ['2x3:h4a1_2_5b2_3b3_2b4_4_2a5h'], isVariantRecord: [SIX], readAnyPuzzlesText: [G, {}], parseVariantPuzzle: [G, {}],
  lzCompressToBase64: ['abc'], lzDecompressFromBase64: ['IYI='],
  // The Node entry's own.
  'ResumableFile.open': [join(DIR, 'r.txt'), { key: 'k' }], 'ResumableFile.openAsync': [join(DIR, 'r2.txt'), { key: 'k' }], 'ResumableFile.isComplete': [join(DIR, 'r.txt')],
  sectionTitle: ['hard', 'jigsaw', false], teach: [['pointing']], isValidIsbn: ['9780306406157'], spineWidth: [100, 'white'],
  loadTemplate: ['default'], parseTemplate: ['{}'], checkOutputPath: [join(DIR, 'out.txt'), {}], checkInputPrefix: [join(DIR, 'in'), {}],
  writeFileWhole: [join(DIR, 'w.txt'), 'x'], writeOutputFile: [join(DIR, 'o.txt'), {}, 'x'], openOutputFile: [join(DIR, 'o2.txt'), {}],
  renderPicture: [{ givens: G }, { format: 'svg' }], puzzlesFromFile: [join(DIR, 'none.txt')], planBook: [[], { title: 't', sections: [] }],
  generatedPuzzles: [{ count: 1, seed: 's' }, {}], writeScenePdf: [scene(), undefined, {}], sweepStaleTemporaries: [DIR, 'x.txt'],
};

/** Not called: they take no argument, start worker threads or remove this process's files. */
const SKIP = new Set(['removeLiveTemporaries', 'loadFontOutlines', 'templateNames', 'workersAvailable', 'defaultSceneFonts', 'GradePool', 'ResumableFile']);

/** Calls `fn` and reads its answer: awaited, a few items of a stream read, an output file opened (openOutputFile) removed. */
async function settle(fn: (...args: unknown[]) => unknown, args: unknown[], isClass: boolean): Promise<void> {
  let result: unknown = isClass ? new (fn as unknown as new (...a: unknown[]) => unknown)(...args) : fn(...args);
  if (result instanceof Promise) result = await result;
  if (result === null || typeof result !== 'object') return;
  // Not left for the other files of this worker (they share the process).
  if (typeof (result as { discard?: unknown }).discard === 'function') await (result as { discard: () => Promise<void> }).discard();
  let n = 0;
  if (Symbol.asyncIterator in result) {
    for await (const _ of result as AsyncIterable<unknown>) if (++n > 3) break;
  } else if (Symbol.iterator in result && typeof (result as Iterator<unknown>).next === 'function') {
    for (const _ of result as Iterable<unknown>) if (++n > 3) break;
  }
}

/** What a call did: `ok`, `coded NAME CODE`, `own` (the getter's error), or the error that should not be. */
async function outcome(fn: (...args: unknown[]) => unknown, args: unknown[], isClass: boolean): Promise<string> {
  try {
    await settle(fn, args, isClass);
    return 'ok';
  } catch (error) {
    if (error === OWN) return 'own';
    const { name, code, message } = error as { name?: string; code?: unknown; message?: unknown };
    if (typeof code === 'string' && name !== 'TypeError' && name !== 'RangeError') return `coded ${name} ${code}`;
    return `${String(name)}: ${String(message)}`;
  }
}

/** The option keys an options argument knows, from the error an unknown key gets ("(known: a, b)"). */
async function knownKeys(fn: (...args: unknown[]) => unknown, args: unknown[], at: number, isClass: boolean): Promise<string[]> {
  const base = args[at] !== null && typeof args[at] === 'object' && !Array.isArray(args[at]) ? args[at] : {};
  const probe = [...args];
  probe[at] = { ...(base as object), zzUnknownOption: 1 };
  try {
    await settle(fn, probe, isClass);
  } catch (error) {
    const known = /known: ([^)]*)\)/.exec(String((error as Error).message));
    if (known) return known[1]!.split(/,\s*/);
  }
  return [];
}

const ENTRY: Record<string, unknown> = {
  ...core,
  ...node,
  'ResumableFile.open': (path: string, options: never) => node.ResumableFile.open(path, options).close(),
  'ResumableFile.openAsync': async (path: string, options: never) => (await node.ResumableFile.openAsync(path, options)).close(),
  'ResumableFile.isComplete': (path: string) => node.ResumableFile.isComplete(path),
};

describe('odd values in every argument and option of both entries', () => {
  const names = Object.keys(ENTRY).filter((name) => typeof ENTRY[name] === 'function' && !SKIP.has(name) && !/Error$/.test(name));

  test('the entries are covered: every function but the few skipped has arguments that work', () => {
    const without = names.filter((name) => VALID[name] === undefined && (ENTRY[name] as (...a: unknown[]) => unknown).length > 0);
    // These are called with odd values only (their right values are files, documents and plans).
    expect(without.sort()).toEqual(['InputFingerprint', 'coverGeometry', 'paintScene', 'writeBookFile', 'writeBookPdf', 'writeCoverFile']);
  });

  test('each call answers or throws a coded error, never a TypeError from inside', async () => {
    const wrong: string[] = [];
    for (const name of names) {
      const fn = ENTRY[name] as (...args: unknown[]) => unknown;
      const isClass = /^[A-Z]/.test(name) && !name.includes('.');
      const valid = VALID[name] ?? [];
      const positions = Math.max(fn.length, valid.length, 1) + (isClass ? 0 : 1);
      for (let at = 0; at < positions; at++) {
        for (const [what, value] of Object.entries(HOSTILE)) {
          const args = [...valid];
          args[at] = value;
          const result = await outcome(fn, args, isClass);
          if (!/^(ok|own|coded )/.test(result)) wrong.push(`${name} argument ${at + 1} = ${what}: ${result}`);
          if (node.removeLiveTemporaries() > 0) wrong.push(`${name} argument ${at + 1} = ${what}: LEFT A TEMPORARY (${result})`);
        }
        for (const key of await knownKeys(fn, valid, at, isClass)) {
          for (const [what, value] of Object.entries(HOSTILE)) {
            if (what === 'function') continue;
            const args = [...valid];
            args[at] = { ...(valid[at] !== null && typeof valid[at] === 'object' ? (valid[at] as object) : {}), [key]: value };
            const result = await outcome(fn, args, isClass);
            if (!/^(ok|own|coded )/.test(result)) wrong.push(`${name} argument ${at + 1}, option ${key} = ${what}: ${result}`);
            if (node.removeLiveTemporaries() > 0) wrong.push(`${name} argument ${at + 1}, option ${key} = ${what}: LEFT A TEMPORARY (${result})`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // Nothing this test opened is left open (the files of one worker share the process).
    expect(node.removeLiveTemporaries()).toBe(0);
  }, 120_000);

  test('the right values still work, and odd ones name themselves in the message', () => {
    expect([core.cellName(80), core.unitName(26), core.digitsOf(5), core.maskOf([1, 3]), core.boxShapeOf(6), core.cageSumRange(2, 9)]).toEqual(['r9c9', 'box 9', [1, 3], 5, { rows: 2, cols: 3 }, [3, 17]]);
    expect(core.boxShapeOf(Symbol('s') as never)).toBeNull();
    expect(() => core.cellName(Symbol('s') as never)).toThrow(/cell must be a whole number from 0 to 80 \(got a symbol\)/);
    expect(() => core.buildRules({ size: Object.create(null) as never })).toThrow(/size must be a whole number from 4 to 16 \(got an object\)/);
    expect(() => core.generateOne('s', 1, { difficulty: [Symbol('d')] as never })).toThrow(/got an array/);
    // A stats object that cannot be filled is left as it is (the count is right either way).
    const frozen = Object.freeze({ nodes: 0, guesses: 0 });
    expect([core.countSolutions(G, { stats: frozen }), core.solve(G, { stats: Symbol('s') as never }), frozen.nodes]).toEqual([1, SOL, 0]);
    const stats = { nodes: 0, guesses: 0 };
    expect(core.countSolutions(G, { stats })).toBe(1);
    expect(stats.nodes).toBeGreaterThan(0);
    expect(core.formatGrid(G, { empty: '0' })).toBe(G.replaceAll('.', '0'));
    expect(core.isMinimal(G, new core.Solver())).toBe(core.isMinimal(G));
  });
});
