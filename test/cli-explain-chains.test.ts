import { describe, expect, test } from 'vitest';
import { run } from './helpers/cli.js';

// SE rates this 8.5: its path needs forcing X-chains, a Y-cycle and multiple forcing chains (8.x).
const CHAINED = '1...2...5.6.....1.9.4...3.6...1.9...2.......4...253.....7...8..8.1.9.5.75...8...3';

describe('explain prints chains in alternating inference notation', () => {
  test('each chain step is followed by its chain(s), indented', async () => {
    const result = await run(['explain', CHAINED]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const chainStep = lines.findIndex((line) => /\] Forcing X-chain on \d/.test(line));
    expect(chainStep).toBeGreaterThan(0);
    // (2)r9c8 - (2)r9c3 = (2)r2c3 - ... : strong (=) and weak (-) links alternate
    expect(lines[chainStep + 1]).toMatch(/^ {8}\(\d\)r\dc\d( [-=] \(\d(?:[-=]\d)?\)r\dc\d)+$/);
    const multiple = lines.findIndex((line) => line.includes('] Forcing chains: every'));
    expect(multiple).toBeGreaterThan(0);
    // one chain per branch, each ending on the eliminated candidate
    const branches = lines.slice(multiple + 1).filter((_, i, rest) => rest.slice(0, i + 1).every((l) => l.startsWith('        ')));
    expect(branches.length).toBeGreaterThanOrEqual(2);
  });

  test('steps without chains get no chain lines', async () => {
    const easy = '.14795.325384..7199.21836452435761981592384.6786914523825347961397651284.618.9357';
    const result = await run(['explain', easy]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('        '))).toEqual([]);
  });
});
