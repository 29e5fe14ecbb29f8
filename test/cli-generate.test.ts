import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parsePuzzle } from '../src/core/parse.js';
import { countSolutions } from '../src/solver/index.js';
import { BIN, run, runBinary } from './helpers/cli.js';

describe('generate: bad options exit with code 2 and one clear line', () => {
  test.each<[string, string[], RegExp]>([
    ['unknown level', ['--difficulty', 'insane'], /unknown difficulty "insane" \(one of beginner, easy/],
    ['unknown technique', ['--technique', 'x-ray'], /unknown technique "x-ray"/],
    ['reversed band', ['--rating', '6.0-4.0'], /rating band 6-4 is reversed/],
    ['empty band', ['--rating', '13-14'], /rating band 13-14 is empty/],
    ['malformed band', ['--rating', 'hard'], /rating band "hard" is not of the form MIN-MAX/],
    ['count 0', ['--count', '0'], /count must be a whole number of at least 1 \(got 0\)/],
    ['negative count', ['--count', '-5'], /count must be a whole number of at least 1/],
    ['count not a number', ['--count', 'ten'], /--count <n>' argument 'ten' is invalid/],
    ['clues-max 16', ['--clues-max', '16'], /clues-max 16 is impossible: a puzzle with one solution has at least 17 givens/],
    ['clues-max 18', ['--clues-max', '18'], /clues-max 18 is out of reach/],
    ['jobs 1000', ['--jobs', '1000'], /jobs 1000 is too many \(at most 256\)/],
    ['minimal with clues-min 40', ['--minimal', '--clues-min', '40'], /minimal puzzles with 40 or more givens are out of reach/],
    ['clues-min above clues-max', ['--clues-min', '30', '--clues-max', '25'], /clues-min 30 is more than clues-max 25/],
    ['technique above the level', ['--difficulty', 'beginner', '--technique', 'xy-wing'], /technique xy-wing \(rated 4\.2\) cannot be needed by a puzzle rated at most 1\.5/],
    ['level and band', ['--difficulty', 'easy', '--rating', '1-2'], /either a difficulty or a rating band/],
    ['unknown symmetry', ['--symmetry', 'spiral'], /unknown symmetry "spiral"/],
    ['unknown format', ['--format', 'xml'], /argument 'xml' is invalid/],
    ['jobs 0', ['--jobs', '0'], /jobs must be a whole number of at least 1/],
    ['start 0', ['--start', '0'], /start must be a whole number of at least 1/],
    ['timeout 0', ['--timeout', '0'], /timeout must be more than 0/],
  ])('%s', async (_name, argv, message) => {
    const result = await run(['generate', '--seed', 's', ...argv]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('generate: output', () => {
  test('line format: puzzle, rating, level, clues, index (and solution when asked)', async () => {
    const result = await run(['generate', '--seed', 'cli', '--count', '3', '--difficulty', 'easy', '--solutions', '--jobs', '1']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    lines.forEach((line, i) => {
      const [puzzle, rating, level, clues, index, solution] = line.split(' ');
      expect(countSolutions(parsePuzzle(puzzle!))).toBe(1);
      expect(Number(rating)).toBeGreaterThan(1.5);
      expect(Number(rating)).toBeLessThanOrEqual(2.3);
      expect(level).toBe('easy');
      expect(Number(clues)).toBe(puzzle!.replace(/\./g, '').length);
      expect(Number(index)).toBe(i + 1);
      expect(solution).toMatch(/^[1-9]{81}$/);
    });
  });

  test('json and csv carry the same puzzles and the technique counts', async () => {
    const base = ['generate', '--seed', 'fmt', '--count', '2', '--difficulty', 'medium', '--jobs', '1'];
    const line = (await run(base)).stdout.trim().split('\n');
    const json = (await run([...base, '--format', 'json'])).stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const csv = (await run([...base, '--format', 'csv'])).stdout.trim().split('\n');
    expect(csv[0]).toBe('index,puzzle,rating,level,clues,hardest,techniques');
    for (let i = 0; i < 2; i++) {
      const puzzle = line[i]!.split(' ')[0];
      expect(json[i]!['puzzle']).toBe(puzzle);
      expect(json[i]!['level']).toBe('medium');
      expect(Object.keys(json[i]!['counts'] as object).length).toBeGreaterThan(0);
      expect(csv[i + 1]!.split(',')[1]).toBe(puzzle);
      expect(csv[i + 1]!.split(',')[6]).toMatch(/^[a-z-]+:\d+( [a-z-]+:\d+)*$/);
    }
  });

  test('without --seed a seed is chosen, printed on stderr, and repeats the run', async () => {
    const first = await run(['generate', '--count', '2', '--jobs', '1']);
    expect(first.code).toBe(0);
    const seed = /seed (\S+) \(repeat this run with --seed \1\)/.exec(first.stderr)?.[1];
    expect(seed).toBeDefined();
    const again = await run(['generate', '--count', '2', '--jobs', '1', '--seed', seed!]);
    expect(again.stdout).toBe(first.stdout);
  });

  test('a target not reached in time says how many were made (exit 1)', async () => {
    const result = await run(['generate', '--seed', 't', '--count', '3', '--rating', '10-12', '--technique', 'nested-multiple-forcing-chains', '--timeout', '0.2']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/time limit of 200 ms reached: made 0 of 3 puzzles/);
  });
});

describe('generate: the built binary with worker threads', () => {
  test('--jobs 1 and --jobs 2 give byte-identical output; --start agrees with the full run', () => {
    const args = ['generate', '--seed', 'shard', '--count', '8', '--difficulty', 'hard', '--symmetry', 'rotational', '--format', 'json'];
    const one = runBinary([...args, '--jobs', '1']);
    const two = runBinary([...args, '--jobs', '2']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(one.stdout.trim().split('\n')).toHaveLength(8);
    expect(two.stdout).toBe(one.stdout);
    const tail = runBinary(['generate', '--seed', 'shard', '--start', '5', '--count', '4', '--difficulty', 'hard', '--symmetry', 'rotational', '--format', 'json', '--jobs', '2']);
    expect(tail.stdout).toBe(one.stdout.trim().split('\n').slice(4).join('\n') + '\n');
  });

  // --jobs 1 by the CLI's program in this process, --jobs 3 by the binary (its worker threads).
  test('jobs 1 and 3 agree over seeds, levels and symmetries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.startsWith('-')),
        fc.constantFrom('beginner', 'easy', 'medium', 'hard', 'expert'),
        fc.constantFrom('none', 'rotational', 'mirror', 'diagonal'),
        async (seed, level, symmetry) => {
          const args = ['generate', '--seed', seed, '--count', '6', '--difficulty', level, '--symmetry', symmetry];
          const one = await run([...args, '--jobs', '1']);
          expect(one.code).toBe(0);
          expect(runBinary([...args, '--jobs', '3']).stdout).toBe(one.stdout);
        },
      ),
      { numRuns: 3 },
    );
  });
});
