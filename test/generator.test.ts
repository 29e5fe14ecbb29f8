import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { extendsGrid, isSolvedGrid } from '../src/core/grid.js';
import { gradePuzzle, type Level } from '../src/grader/index.js';
import {
  GenerateError,
  GenerateOptionError,
  SYMMETRIES,
  generate,
  generateOne,
  hasSymmetry,
  isMinimal,
  symmetryOrbits,
  type GenerateOptions,
  type GeneratedPuzzle,
  type Symmetry,
} from '../src/generator/index.js';
import { generate as generateWithJobs, type NodeGenerateOptions } from '../src/node/generate.js';
import { parsePuzzle } from '../src/core/parse.js';
import { Solver, countSolutions } from '../src/solver/index.js';

const solver = new Solver();
const seedArb = fc.string({ minLength: 0, maxLength: 12 });
const symmetryArb = fc.constantFrom<Symmetry>(...SYMMETRIES);
const levelArb = fc.constantFrom<Level>('beginner', 'easy', 'medium', 'hard', 'expert');

/** Every property of a generated puzzle that holds whatever was asked. */
function expectSound(p: GeneratedPuzzle): void {
  expect(countSolutions(p.puzzle)).toBe(1);
  expect(isSolvedGrid(p.solution)).toBe(true);
  expect(extendsGrid(p.solution, p.puzzle)).toBe(true);
  expect(p.puzzle).toMatch(/^[1-9.]{81}$/);
  expect(p.solution).toMatch(/^[1-9]{81}$/);
  expect(p.clues).toBe(p.puzzle.replace(/\./g, '').length);
  // Plain data: it survives JSON as it reads.
  expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  // The grade that came with the puzzle is the grader's own.
  const regraded = gradePuzzle(p.puzzle);
  expect(regraded.rating).toBe(p.grade.rating);
  expect(regraded.level).toBe(p.grade.level);
}

/** No symmetric group of givens can be removed without losing uniqueness. */
function orbitMinimal(puzzle: Uint8Array, symmetry: Symmetry): boolean {
  const work = Uint8Array.from(puzzle);
  for (const orbit of symmetryOrbits(symmetry)) {
    if (work[orbit[0]!] === 0) continue;
    for (const cell of orbit) work[cell] = 0;
    const count = solver.count(work, 2);
    for (const cell of orbit) work[cell] = puzzle[cell]!;
    if (count === 1) return false;
  }
  return true;
}

async function collect(options: NodeGenerateOptions): Promise<GeneratedPuzzle[]> {
  const all: GeneratedPuzzle[] = [];
  for await (const p of generateWithJobs(options)) all.push(p);
  return all;
}

describe('symmetry', () => {
  test.each<[Symmetry, number, number[]]>([
    ['none', 81, [1]],
    ['rotational', 41, [1, 2]],
    ['rot90', 21, [1, 4]],
    ['mirror', 45, [1, 2]],
    ['flip', 45, [1, 2]],
    ['diagonal', 45, [1, 2]],
    ['antidiagonal', 45, [1, 2]],
  ])('%s: %i orbits that cover every cell once', (symmetry, count, sizes) => {
    const orbits = symmetryOrbits(symmetry);
    expect(orbits).toHaveLength(count);
    expect([...new Set(orbits.map((o) => o.length))].sort()).toEqual(sizes);
    expect(orbits.flat().sort((a, b) => a - b)).toEqual([...Array(81).keys()]);
  });
});

describe('generateOne', () => {
  test('unique, symmetric, of the requested level, clues within bounds', () => {
    fc.assert(
      fc.property(seedArb, symmetryArb, levelArb, fc.integer({ min: 1, max: 1000 }), (seed, symmetry, difficulty, index) => {
        const p = generateOne(seed, index, { difficulty, symmetry });
        expectSound(p);
        expect(p.index).toBe(index);
        expect(hasSymmetry(p.puzzle, symmetry)).toBe(true);
        expect(p.grade.level).toBe(difficulty);
      }),
      { numRuns: 25 },
    );
  });

  test('a rating band is respected', () => {
    fc.assert(
      fc.property(seedArb, fc.constantFrom([1.0, 1.2], [1.5, 2.0], [2.0, 3.0], [3.0, 4.5], [4.4, 6.0], [6.0, 7.4]), (seed, [min, max]) => {
        const p = generateOne(seed, 1, { rating: { min: min!, max: max! } });
        expectSound(p);
        expect(p.grade.rating).toBeGreaterThanOrEqual(min!);
        expect(p.grade.rating).toBeLessThanOrEqual(max!);
      }),
      { numRuns: 12 },
    );
  });

  test('minimal when asked: no given (no symmetric group) can go', () => {
    fc.assert(
      fc.property(seedArb, symmetryArb, (seed, symmetry) => {
        const p = generateOne(seed, 1, { minimal: true, symmetry });
        expectSound(p);
        expect(hasSymmetry(p.puzzle, symmetry)).toBe(true);
        if (symmetry === 'none') expect(isMinimal(p.puzzle, solver)).toBe(true);
        expect(orbitMinimal(parsePuzzle(p.puzzle), symmetry)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  test('clue bounds and a required technique', () => {
    const few = generateOne('clues', 3, { difficulty: 'easy', cluesMax: 24 });
    expect(few.clues).toBeLessThanOrEqual(24);
    const many = generateOne('clues', 3, { difficulty: 'hard', cluesMin: 32 });
    expect(many.clues).toBeGreaterThanOrEqual(32);
    expect(many.grade.level).toBe('hard');
    const wing = generateOne('tech', 1, { technique: 'xy-wing', difficulty: 'hard' });
    expectSound(wing);
    expect(wing.grade.counts['xy-wing']).toBeGreaterThan(0);
  });

  test('pearl and diamond: EP (ED) equals ER', () => {
    for (const difficulty of ['medium', 'expert'] as const) {
      const pearl = generateOne('pearl', 1, { difficulty, pearl: true });
      expectSound(pearl);
      expect(pearl.grade.level).toBe(difficulty);
      expect(pearl.grade.pearl).toBe(pearl.grade.rating);
      expect(pearl.grade.rating).toBeGreaterThan(2.3);
    }
    const diamond = generateOne('diamond', 1, { difficulty: 'medium', diamond: true });
    expectSound(diamond);
    expect(diamond.grade.diamond).toBe(diamond.grade.rating);
    expect(diamond.grade.level).toBe('medium');
    expect(() => generateOne('x', 1, { pearl: true, minimal: true })).toThrow(/cannot also be minimal/);
  });

  test('extreme puzzles are extreme', () => {
    const p = generateOne('x', 1, { difficulty: 'extreme' });
    expectSound(p);
    expect(p.grade.level).toBe('extreme');
  });

  test('the same seed gives the same puzzle; another seed another', () => {
    fc.assert(
      fc.property(seedArb, levelArb, (seed, difficulty) => {
        const a = generateOne(seed, 7, { difficulty });
        const b = generateOne(seed, 7, { difficulty });
        expect(a).toEqual(b);
        const c = generateOne(`${seed}!`, 7, { difficulty });
        expect(c.solution).not.toEqual(a.solution);
      }),
      { numRuns: 10 },
    );
  });
});

describe('generate', () => {
  test('yields count puzzles in index order, each equal to generateOne of its index', async () => {
    const options = { seed: 'run', count: 6, difficulty: 'medium' as const, symmetry: 'rotational' as const };
    const all = await collect(options);
    expect(all.map((p) => p.index)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const p of all) expect(p).toEqual(generateOne('run', p.index, { difficulty: 'medium', symmetry: 'rotational' }));
  });

  test('--start agrees with the full run', async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, fc.integer({ min: 1, max: 6 }), async (seed, start) => {
        const full = await collect({ seed, count: 6, difficulty: 'easy' });
        const part = await collect({ seed, start, count: 7 - start, difficulty: 'easy' });
        expect(part).toEqual(full.slice(start - 1));
      }),
      { numRuns: 5 },
    );
  });

  test('jobs does not change the output (in-process from sources)', async () => {
    const one = await collect({ seed: 'j', count: 4, difficulty: 'hard', jobs: 1 });
    const two = await collect({ seed: 'j', count: 4, difficulty: 'hard', jobs: 2 });
    expect(two).toEqual(one);
  });

  // The built module (npm test builds it first) has worker threads; the pool keeps them between
  // runs. Runs in a row (one stopped early by the caller, one ending in a miss) must not disturb the
  // next ones.
  const built = new URL('../dist/node/index.js', import.meta.url);
  test(
    'worker threads reused across runs give the same puzzles as jobs 1 (built module)',
    async () => {
      const dist = (await import(built.href)) as { generate: typeof generateWithJobs };
      const run = async (options: NodeGenerateOptions) => {
        const out: string[] = [];
        for await (const p of dist.generate(options)) out.push(`${p.index}:${p.puzzle}:${p.grade.rating}`);
        return out;
      };
      const one = await run({ seed: 'pool', count: 12, difficulty: 'medium' });
      expect(await run({ seed: 'pool', count: 12, difficulty: 'medium', jobs: 2 })).toEqual(one);
      for await (const p of dist.generate({ seed: 'pool', count: 40, difficulty: 'medium', jobs: 3 })) if (p.index === 2) break;
      await expect(run({ seed: 'pool', count: 30, difficulty: 'expert', maxAttempts: 1, jobs: 2 })).rejects.toMatchObject({ code: 'MAX_ATTEMPTS' });
      expect(await run({ seed: 'pool', count: 12, difficulty: 'medium', jobs: 3 })).toEqual(one);
      expect(await run({ seed: 'pool', start: 5, count: 8, difficulty: 'medium', jobs: 2 })).toEqual(one.slice(4));
    },
    60_000,
  );

  test('a target that is not reached ends with a GenerateError after the puzzles made', async () => {
    const made: number[] = [];
    const run = async () => {
      for await (const p of generate({ seed: 'm', count: 30, difficulty: 'expert', maxAttempts: 1 })) made.push(p.index);
    };
    const error = await run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GenerateError);
    expect((error as GenerateError).code).toBe('MAX_ATTEMPTS');
    expect((error as GenerateError).made).toBe(made.length);
    expect(made).toEqual(made.map((_, i) => i + 1));

    const slow = generate({ seed: 't', count: 2, rating: { min: 10, max: 12 }, technique: 'nested-multiple-forcing-chains', timeoutMs: 200 });
    await expect(slow.next()).rejects.toMatchObject({ code: 'TIMEOUT', made: 0 });
  });
});

describe('option validation', () => {
  test.each<[string, NodeGenerateOptions, string]>([
    ['unknown level', { seed: 's', difficulty: 'impossible' as Level }, 'BAD_LEVEL'],
    ['unknown technique', { seed: 's', technique: 'x-ray' }, 'BAD_TECHNIQUE'],
    ['reversed band', { seed: 's', rating: { min: 6, max: 4 } }, 'BAD_RATING'],
    ['empty band', { seed: 's', rating: { min: 20, max: 30 } }, 'BAD_RATING'],
    ['count 0', { seed: 's', count: 0 }, 'BAD_COUNT'],
    ['negative count', { seed: 's', count: -3 }, 'BAD_COUNT'],
    ['start 0', { seed: 's', start: 0 }, 'BAD_START'],
    ['jobs 0', { seed: 's', jobs: 0 }, 'BAD_JOBS'],
    ['jobs 257', { seed: 's', jobs: 257 }, 'BAD_JOBS'],
    ['clues-max 16', { seed: 's', cluesMax: 16 }, 'BAD_CLUES'],
    ['clues-min above clues-max', { seed: 's', cluesMin: 30, cluesMax: 25 }, 'BAD_CLUES'],
    ['minimal with clues-min 40', { seed: 's', minimal: true, cluesMin: 40 }, 'CONFLICT'],
    ['level and band', { seed: 's', difficulty: 'easy', rating: { min: 1, max: 2 } }, 'CONFLICT'],
    ['technique above the level', { seed: 's', difficulty: 'easy', technique: 'xy-wing' }, 'CONFLICT'],
    ['unknown symmetry', { seed: 's', symmetry: 'spiral' as Symmetry }, 'BAD_SYMMETRY'],
    ['timeout 0', { seed: 's', timeoutMs: 0 }, 'BAD_LIMIT'],
    ['start beyond safe integers', { seed: 's', start: 2 ** 53 }, 'BAD_START'],
    ['start + count beyond safe integers', { seed: 's', start: 2 ** 53 - 2, count: 5 }, 'BAD_COUNT'],
    ['count not a number', { seed: 's', count: '3' as unknown as number }, 'BAD_COUNT'],
    ['unknown key', { seed: 's', dificulty: 'easy' } as unknown as GenerateOptions, 'UNKNOWN_OPTION'],
    ['minimal not a boolean', { seed: 's', minimal: 'yes' as unknown as boolean }, 'BAD_OPTION'],
    ['rating not a band', { seed: 's', rating: 5 as unknown as GenerateOptions['rating'] }, 'BAD_RATING'],
  ])('%s', (_name, options, code) => {
    expect(() => generateWithJobs(options)).toThrow(GenerateOptionError);
    try {
      generateWithJobs(options);
    } catch (error) {
      expect((error as GenerateOptionError).code).toBe(code);
    }
  });
});
