import { expect } from 'vitest';
import { levelOf } from '../../src/grader/levels.js';
import { run, runBinary } from './cli.js';

/**
 * `generate --variant VARIANT -d LEVEL -n COUNT --json` with -j 1 (the CLI's program in this process)
 * and -j 2 (the built binary, its worker threads): the same bytes, COUNT records, each of the level
 * asked and rated in its band.
 */
export async function expectLevelRunsAgree(variant: string, level: string, seed: string, count = 3): Promise<void> {
  const argv = ['generate', '--variant', variant, '-d', level, '-n', String(count), '--seed', seed, '--json'];
  const one = await run([...argv, '-j', '1']);
  const two = runBinary([...argv, '-j', '2']);
  expect(one.code).toBe(0);
  expect(one.stderr).toBe('');
  expect(two.stdout).toBe(one.stdout);
  const lines = one.stdout.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(count);
  for (const line of lines) {
    const o = JSON.parse(line) as { level: string; rating: number };
    expect(o.level).toBe(level);
    expect(levelOf(o.rating)).toBe(level);
  }
}
