/**
 * Long runs: `--resume -o FILE` after a SIGKILL at a random moment gives the bytes of an
 * uninterrupted run; `--shard K/N` outputs, run through GNU parallel and concatenated, give the
 * bytes of one run. The killed runs are child processes, run side by side.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BIN, run } from './helpers/cli.js';
import { describeWithTool } from './helpers/system-tools.js';
import { hostTag } from '../src/node/output-file.js';
import { savedRecords, sleep, startCli, waitFor } from './helpers/child.js';

const CLUES17 = new URL('./fixtures/data/17clue.txt', import.meta.url).pathname;

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'sp-resume-'));
}

/**
 * Starts `argv` (which writes `output` with --resume), SIGKILLs it at a random moment after its
 * first saved progress and puts half a line after what it wrote (what a run killed between two
 * saves leaves). Returns the delay used and the records saved (for the message).
 */
async function kill(argv: string[], output: string): Promise<{ delay: number; saved: number }> {
  const first = startCli(argv);
  const delay = Math.floor(Math.random() * 300);
  const progressed = await waitFor(() => savedRecords(`${output}.part.json`) > 0, 60_000);
  expect(progressed, 'the run saved progress').toBe(true);
  await sleep(delay);
  first.child.kill('SIGKILL');
  const end = await first.done;
  expect(end.signal).toBe('SIGKILL');
  const saved = savedRecords(`${output}.part.json`);
  expect(existsSync(output)).toBe(false);
  writeFileSync(`${output}.part`, Buffer.concat([readFileSync(`${output}.part`), Buffer.from('half a li')]));
  return { delay, saved };
}

describe('--resume: killed at a random moment, resumed, byte-identical', () => {
  // (Also what resume-integrity.test.ts ran apart for grade over two inputs and generate: a half
  // line after the saved point is dropped, and grade's exit 1 for a line that is not a puzzle.)
  test('generate, grade (two inputs) and check; the half line after the last save is dropped', async () => {
    const dir = tempDir();
    const big = join(dir, 'big.txt');
    const clues = readFileSync(CLUES17, 'utf8');
    const lines = clues.split('\n');
    const first = join(dir, 'one.txt');
    const second = join(dir, 'two.txt');
    // Each run about a CPU-second (the first save comes after 250 ms, the kill up to 300 ms later):
    // 700 graded, 45,000 checked and 2,000 generated puzzles (2,000, 90,000 and 2,500 before, for
    // the same behaviour at three times the cost).
    writeFileSync(first, `${lines.slice(0, 300).join('\n')}\nnot a puzzle\n`);
    writeFileSync(second, lines.slice(300, 700).join('\n'));
    writeFileSync(big, clues.repeat(15));

    const jobs = [
      { argv: ['generate', '-n', '2000', '-d', 'beginner', '--seed', 'resume', '-j', '1', '--format', 'json'], name: 'g.jsonl' },
      { argv: ['grade', '--json', first, second], name: 'grades.jsonl' },
      { argv: ['check', '--json', big], name: 'checked.jsonl' },
    ];
    // The three killed runs side by side; then each resumed, and run whole, through runCli in this
    // process (the program the binary runs; a process each before).
    const killed = await Promise.all(jobs.map((job) => kill([...job.argv, '--resume', '-o', join(dir, job.name)], join(dir, job.name))));
    for (const [k, job] of jobs.entries()) {
      const output = join(dir, job.name);
      const what = `${job.argv[0]} killed ${killed[k]!.delay} ms after its first save (${killed[k]!.saved} records saved)`;
      const resumed = await run([...job.argv, '--resume', '-o', output]);
      const whole = await run([...job.argv, '-o', join(dir, `whole-${job.name}`)]);
      expect(whole.code, what).toBe(job.argv[0] === 'grade' ? 1 : 0); // grade: one line is not a puzzle
      expect(resumed.code, what).toBe(whole.code);
      expect(resumed.stderr, what).toMatch(/resuming .*: \d+ .* already/);
      expect(readFileSync(output).equals(readFileSync(join(dir, `whole-${job.name}`))), what).toBe(true);
    }
    // Nothing else is left: no part files, no progress records, no temporary files.
    expect(readdirSync(dir).sort()).toEqual(['big.txt', 'checked.jsonl', 'g.jsonl', 'grades.jsonl', 'one.txt', 'two.txt', 'whole-checked.jsonl', 'whole-g.jsonl', 'whole-grades.jsonl']);
  });

  test('a run stopped by its time limit keeps its puzzles; run again, it finishes with the uninterrupted bytes', async () => {
    const dir = tempDir();
    const output = join(dir, 'h.txt');
    // 50 hard puzzles take over twice the time limit (80 before).
    const argv = ['generate', '-n', '50', '-d', 'hard', '--seed', 'limit', '-j', '1', '--format', 'csv', '--solutions', '--resume', '-o', output];
    const stopped = await run([...argv, '--timeout', '0.3']);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(new RegExp(`time limit of 300 ms reached: made (\\d+) of 50 puzzles; \\1 made so far are kept in ${output}\\.part: run the same command again to go on\\n$`));
    expect(existsSync(output)).toBe(false);
    const finished = await run(argv);
    expect(finished.code).toBe(0);
    const whole = await run(['generate', '-n', '50', '-d', 'hard', '--seed', 'limit', '-j', '1', '--format', 'csv', '--solutions']);
    expect(readFileSync(output, 'utf8')).toBe(whole.stdout);
    expect(readdirSync(dir)).toEqual(['h.txt']);
  });

  test('a different run does not continue another run\'s part file; --resume needs -o and a seed', async () => {
    const dir = tempDir();
    const output = join(dir, 'g.txt');
    writeFileSync(`${output}.part`, '');
    writeFileSync(`${output}.part.json`, JSON.stringify({ version: 1, key: 'another run', records: 0, bytes: 0, data: {} }));
    const other = await run(['generate', '--seed', 's', '--resume', '-o', output]);
    expect(other.code).toBe(2);
    expect(other.stderr).toBe(
      `sudoku-press: ${output}.part was started by a run with other options or input; resume with the same command, or remove ${output}.part and ${output}.part.json to start over\n`,
    );
    // One writer at a time: a lock held by a live process refuses; one of a dead process is taken over.
    const locked = join(dir, 'l.txt');
    const tag = hostTag();
    writeFileSync(`${locked}.part.lock`, `${tag}-${process.pid}\n`);
    const busy = await run(['generate', '--seed', 's', '--resume', '-o', locked]);
    expect(busy.code).toBe(2);
    expect(busy.stderr).toBe(
      `sudoku-press: ${locked}.part is being written by another run (${tag}-${process.pid}); wait for it to end, or remove ${locked}.part.lock if that run is gone\n`,
    );
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(`${locked}.part.lock`, `${tag}-${dead}\n`);
    expect((await run(['generate', '--seed', 's', '--resume', '-o', locked])).code).toBe(0);
    expect(existsSync(`${locked}.part.lock`)).toBe(false);
    expect(existsSync(locked)).toBe(true);
    expect((await run(['generate', '--seed', 's', '--resume'])).stderr).toBe('sudoku-press: --resume needs -o FILE (the file to continue)\n');
    expect((await run(['generate', '--resume', '-o', join(dir, 'x.txt')])).stderr).toBe(
      'sudoku-press: --resume needs --seed (a resumed run must make the same puzzles)\n',
    );
    expect((await run(['check', '--resume', '-o', join(dir, 'x.txt')], '')).stderr).toBe(
      'sudoku-press: --resume reads the input again: give files, not standard input\n',
    );
  });
});

describeWithTool('parallel', '--shard K/N through GNU parallel', () => {
  test('four shards run by GNU parallel and merged with cat give the bytes of one run (generate by examples/parallel-local.sh, grade; check in-process)', async () => {
    const dir = tempDir();
    const sample = join(dir, 'sample.txt');
    // 48 records (12 a shard), the last not a puzzle (204 before: the same shards, four times the grading).
    writeFileSync(sample, readFileSync(CLUES17, 'utf8').split('\n').slice(0, 47).join('\n') + '\nnot a puzzle\n');
    const node = `"${process.execPath}" "${BIN}"`;
    // generate: through the example script (GNU parallel, four shards, merged with cat).
    const script = spawnSync('bash', [fileURLToPath(new URL('../examples/parallel-local.sh', import.meta.url))], {
      env: { ...process.env, COUNT: '50', SHARDS: '4', LEVEL: 'easy', SEED: 'shard', OUT: join(dir, 'gen'), SUDOKU_PRESS: node },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect([script.status, script.stderr]).toEqual([0, `${join(dir, 'gen')}/all.txt: 50 puzzles\n`]);
    const oneGen = await run(['generate', '-n', '50', '-d', 'easy', '--seed', 'shard', '-o', join(dir, 'gen-one.txt')]);
    expect(oneGen.code).toBe(0);
    expect(readFileSync(join(dir, 'gen', 'all.txt')).equals(readFileSync(join(dir, 'gen-one.txt')))).toBe(true);

    // grade: the four shards as one parallel command line each.
    const gradeArgv = ['grade', '--json', sample];
    const shardCommands = [1, 2, 3, 4].map((k) => `${node} ${gradeArgv.map((a) => `"${a}"`).join(' ')} --shard ${k}/4 -o "${dir}/grade-${k}.txt"`);
    const shards = spawnSync('parallel', ['--will-cite', '-j', '4', ':::', ...shardCommands], { encoding: 'utf8', timeout: 120_000 });
    expect([shards.status, shards.stderr]).toEqual([1, '']); // parallel's status: one failed shard (the one with the bad record)
    const one = await run([...gradeArgv, '-o', join(dir, 'grade-one.txt')]);
    expect(one.code).toBe(1); // the sample's last record is not a puzzle
    const mergedGrades = Buffer.concat([1, 2, 3, 4].map((k) => readFileSync(join(dir, `grade-${k}.txt`))));
    const whole = readFileSync(join(dir, 'grade-one.txt'));
    expect(whole.length).toBeGreaterThan(1000);
    expect(mergedGrades.equals(whole)).toBe(true);

    const check = await run(['check', sample, '-o', join(dir, 'check-one.txt')]);
    expect(check.code).toBe(1);
    for (const k of [1, 2, 3, 4]) expect((await run(['check', sample, '--shard', `${k}/4`, '-o', join(dir, `check-${k}.txt`)])).stderr).toMatch(/^checked \d+ puzzles/);
    const merged = Buffer.concat([1, 2, 3, 4].map((k) => readFileSync(join(dir, `check-${k}.txt`))));
    expect(merged.equals(readFileSync(join(dir, 'check-one.txt')))).toBe(true);
  });
});

describe('--shard K/N', () => {
  test('bad shards are usage errors', async () => {
    for (const [shard, message] of [
      ['0/4', /--shard 0\/4: K must be from 1 to N/],
      ['5/4', /--shard 5\/4: K must be from 1 to N/],
      ['a/b', /--shard wants K\/N/],
    ] as const) {
      const result = await run(['generate', '--seed', 's', '--shard', shard]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    const stdin = await run(['check', '--shard', '1/2'], '');
    expect(stdin.code).toBe(2);
    expect(stdin.stderr).toBe('sudoku-press: --shard reads the input twice: give files, not standard input\n');
  });
});
