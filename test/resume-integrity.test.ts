/**
 * `--resume` never merges two inputs or a part file it did not write (issue 23, item 1): the
 * progress record identifies the input by content (a hash of the bytes read so far, checked again
 * on resume), checks the part file (a checksum of its bytes) and itself (a seal); pipes are refused;
 * an output already complete is left alone with exit 0; the data is synced before a record claims
 * it. Runs of the built binary, killed with SIGKILL after their first saved progress, then resumed,
 * refused or run whole through runCli in this process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { BIN, run } from './helpers/cli.js';
import { savedRecords, startCli, waitFor } from './helpers/child.js';
import { InputFingerprint, checkInputPrefix } from '../src/node/input-fingerprint.js';
import { ResumableFile } from '../src/node/resumable-file.js';
import { OutputFileError } from '../src/node/file-errors.js';
import { createHash } from 'node:crypto';
import { recordsInRange } from '../src/cli/input.js';

/** The file system calls that make data durable, in order, as this process (the library) makes them. */
const synced = vi.hoisted(() => ({ calls: [] as string[], names: new Map<number, string>() }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const { basename } = await import('node:path');
  // Temporary names are random: .out.txt.<host>-<pid>-<random>.partial -> .out.txt.TMP
  const name = (path: unknown) => basename(String(path)).replace(/\.[0-9a-f]{8}-\d+-[0-9a-f]{16}\.partial$/, '.TMP');
  const of = (fd: number) => synced.names.get(fd) ?? `fd ${fd}`;
  return {
    ...fs,
    default: fs,
    openSync: (path: string, ...rest: [number?, number?]) => {
      const fd = fs.openSync(path, ...rest);
      synced.names.set(fd, fs.statSync(path).isDirectory() ? 'FOLDER' : name(path));
      return fd;
    },
    writeSync: (fd: number, ...rest: unknown[]) => {
      synced.calls.push(`write ${of(fd)}`);
      return (fs.writeSync as (...args: unknown[]) => number)(fd, ...rest);
    },
    fsyncSync: (fd: number) => {
      synced.calls.push(`fsync ${of(fd)}`);
      fs.fsyncSync(fd);
    },
    fdatasyncSync: (fd: number) => {
      synced.calls.push(`fdatasync ${of(fd)}`);
      fs.fdatasyncSync(fd);
    },
    renameSync: (from: string, to: string) => {
      synced.calls.push(`rename ${name(from)} ${name(to)}`);
      fs.renameSync(from, to);
    },
    linkSync: (from: string, to: string) => {
      synced.calls.push(`link ${name(from)} ${name(to)}`);
      fs.linkSync(from, to);
    },
  };
});

const CLUES17 = new URL('./fixtures/data/17clue.txt', import.meta.url).pathname;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sp-resume-integrity-'));
  dirs.push(dir);
  return dir;
}

type End = { code: number | null; stdout: string; stderr: string };

/**
 * Runs the CLI to its end: in this process (runCli, the program the binary runs: no process to
 * start for a refusal or a reference run) unless it needs a working folder of its own, then the
 * built binary. The runs that are killed (`interrupted`) are the built binary's.
 */
async function cli(argv: string[], cwd?: string): Promise<End> {
  if (cwd === undefined) return run(argv);
  const end = await startCli(argv, { cwd }).done;
  return { code: end.code, stdout: end.stdout, stderr: end.stderr };
}

/** The built binary to its end (for an input that could block this process: a named pipe). */
async function binary(argv: string[]): Promise<End> {
  const end = await startCli(argv).done;
  return { code: end.code, stdout: end.stdout, stderr: end.stderr };
}

/** Starts `argv` (with `--resume -o output`) and SIGKILLs it once it has saved more than `after` records. */
async function interrupted(argv: string[], output: string, options: { cwd?: string; after?: number } = {}): Promise<number> {
  const run = startCli(argv, options.cwd === undefined ? {} : { cwd: options.cwd });
  const saved = await waitFor(() => savedRecords(`${output}.part.json`) > (options.after ?? 0), 60_000);
  run.child.kill('SIGKILL');
  const end = await run.done;
  expect(saved, `the run saved progress (${end.stderr})`).toBe(true);
  expect(end.signal, 'killed before it finished').toBe('SIGKILL');
  expect(existsSync(output)).toBe(false);
  return savedRecords(`${output}.part.json`);
}

/** The part file and its record, byte for byte (to show that a refused run changed nothing). */
function state(output: string): [Buffer, Buffer] {
  return [readFileSync(`${output}.part`), readFileSync(`${output}.part.json`)];
}

/** A refusal: exit 2, one line on stderr, nothing on stdout. */
function expectRefused(end: End, pattern: RegExp): void {
  expect(end.code, end.stderr).toBe(2);
  expect(end.stderr).toMatch(pattern);
  expect(end.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(end.stdout).toBe('');
}

// 30,000 puzzles, one solution each: about 0.6 CPU-s of checking, over twice the 250 ms before a
// run's first save (file-target.ts), so the run is killed mid-way; 90,000 before, when every test
// here checked the input twice (a resumed and a whole run) for the same behaviour.
let unique = '';
let multiple = ''; // the same size, each puzzle with its first clue taken out: several solutions

beforeAll(() => {
  const clues = readFileSync(CLUES17, 'utf8');
  unique = clues.repeat(10);
  // The first clue of every line becomes a '.': the same length, other answers.
  multiple = unique.replace(/^([.]*)[1-9]/gm, '$1.');
  expect(multiple.length).toBe(unique.length);
});

describe('--resume identifies its input by content', () => {
  test('an input replaced by another of the same size is refused and nothing is changed; the right input then resumes to the bytes of one run', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.txt');
    const output = join(dir, 'ck.jsonl');
    writeFileSync(input, unique);
    const argv = ['check', '--json', input, '--resume', '-o', output];
    await interrupted(argv, output);
    const before = state(output);

    writeFileSync(input, multiple); // same path, same size, other bytes
    const refused = await cli(argv);
    expectRefused(refused, new RegExp(`^sudoku-press: ${input} is not the input ${output}\\.part was made from \\(its first \\d+ bytes are not those the interrupted run read\\); resume with that input, or remove ${output}\\.part and ${output}\\.part\\.json to start over\\n$`));
    expect(state(output)).toEqual(before);
    expect(existsSync(output)).toBe(false);

    writeFileSync(input, unique);
    const resumed = await cli(argv);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming .*: \d+ records already checked/);
    const whole = await cli(['check', '--json', input, '-o', join(dir, 'whole.jsonl')]);
    expect(whole.code).toBe(0);
    expect(readFileSync(output).equals(readFileSync(join(dir, 'whole.jsonl')))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['ck.jsonl', 'in.txt', 'whole.jsonl']);
  });

  test('another file of the same name and size (the same relative path from another folder) is refused', async () => {
    const dir = tempDir();
    for (const [folder, text] of [['a', unique], ['b', multiple]] as const) {
      mkdirSync(join(dir, folder));
      writeFileSync(join(dir, folder, 'in.txt'), text);
    }
    const output = join(dir, 'ck.txt');
    const argv = ['check', 'in.txt', '--resume', '-o', output];
    await interrupted(argv, output, { cwd: join(dir, 'a') });
    const before = state(output);
    expectRefused(await cli(argv, join(dir, 'b')), /^sudoku-press: in\.txt is not the input .*ck\.txt\.part was made from/);
    expect(state(output)).toEqual(before);
    // A file of another name is another run.
    expectRefused(await cli(['check', join(dir, 'b', 'in.txt'), '--resume', '-o', output]), /ck\.txt\.part was started by a run with other options or input; resume with the same command, or remove/);
    expect(state(output)).toEqual(before);
  });

  test('with several inputs, a change in the first one is seen when the run had gone on into the second', async () => {
    const dir = tempDir();
    const first = join(dir, 'first.txt');
    const second = join(dir, 'second.txt');
    const small = readFileSync(CLUES17, 'utf8');
    writeFileSync(first, small.split('\n').slice(0, 300).join('\n'));
    writeFileSync(second, unique);
    const output = join(dir, 'ck.txt');
    const argv = ['check', first, second, '--resume', '-o', output];
    expect(await interrupted(argv, output, { after: 300 })).toBeGreaterThan(300);
    writeFileSync(first, small.split('\n').slice(0, 300).join('\n').replace('1', '2')); // one digit of the first file, same size
    expectRefused(await cli(argv), /first\.txt is not the input .*ck\.txt\.part was made from/);
    writeFileSync(first, small.split('\n').slice(0, 300).join('\n'));
    const resumed = await cli(argv);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((await cli(['check', first, second, '-o', join(dir, 'whole.txt')])).code).toBe(0);
    expect(readFileSync(output).equals(readFileSync(join(dir, 'whole.txt')))).toBe(true);
  });

  test('pipes, process substitution, devices and named pipes are refused for --resume (they cannot be read again)', async () => {
    const dir = tempDir();
    const input = join(dir, 'a.txt');
    writeFileSync(input, readFileSync(CLUES17, 'utf8'));
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const out = join(dir, 'ck.txt');
    const notRegular = (name: string) =>
      new RegExp(`^sudoku-press: --resume reads the input again: ${name} is not a regular file \\(a pipe, a process substitution or a device can be read once\\)\\n$`);
    for (const command of ['check', 'grade']) {
      // bash's <(...) is a /dev/fd/N pipe.
      const substituted = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" ${command} --resume -o "${out}" <(cat "${input}")`], { encoding: 'utf8', timeout: 30_000 });
      expect(substituted.status, substituted.stderr).toBe(2);
      expect(substituted.stderr).toMatch(notRegular('/dev/fd/\\d+'));
      expectRefused(await binary([command, fifo, '--resume', '-o', out]), notRegular(fifo));
      expectRefused(await cli([command, '/dev/null', '--resume', '-o', out]), notRegular('/dev/null'));
      expectRefused(await cli([command, input, '-', '--resume', '-o', out]), /--resume reads the input again: give files, not standard input/);
    }
    expect(readdirSync(dir).sort()).toEqual(['a.txt', 'fifo']);
  });
});

describe('--resume checks the part file and its record', () => {
  test('a part file edited by hand (lines put before, a byte changed, cut short) or a record whose count was changed is refused; restored, it resumes', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.txt');
    const output = join(dir, 'ck.txt');
    writeFileSync(input, unique);
    const argv = ['check', input, '--resume', '-o', output];
    await interrupted(argv, output);
    const [part, record] = state(output);
    const changedPart = new RegExp(`^sudoku-press: ${output}\\.part was changed after its progress was saved \\(it is not what the run wrote\\): its checksum does not match ${output}\\.part\\.json; remove ${output}\\.part and ${output}\\.part\\.json to start over\\n$`);

    writeFileSync(`${output}.part`, Buffer.concat([Buffer.from(`${input}:1: unique\n`.repeat(5)), part]));
    expectRefused(await cli(argv), changedPart);

    const flipped = Buffer.from(part);
    flipped[Math.floor(flipped.length / 3)]! ^= 1;
    writeFileSync(`${output}.part`, flipped);
    expectRefused(await cli(argv), changedPart);

    writeFileSync(`${output}.part`, part.subarray(0, 40));
    expectRefused(await cli(argv), /ck\.txt\.part was changed after its progress was saved \(it is not what the run wrote\): it is shorter than .*ck\.txt\.part\.json says/);

    writeFileSync(`${output}.part`, part);
    const point = JSON.parse(record.toString()) as { records: number };
    writeFileSync(`${output}.part.json`, JSON.stringify({ ...point, records: point.records + 90 }));
    expectRefused(await cli(argv), new RegExp(`^sudoku-press: ${output}\\.part\\.json was changed after it was saved \\(its seal does not match its fields\\); remove`));

    writeFileSync(`${output}.part.json`, record);
    expect(state(output)).toEqual([part, record]);
    const resumed = await cli(argv);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((await cli(['check', input, '-o', join(dir, 'whole.txt')])).code).toBe(0);
    expect(readFileSync(output).equals(readFileSync(join(dir, 'whole.txt')))).toBe(true);
  });
  // (A normal interrupted run of grade over two inputs and of generate, a half line after its last
  // save, resumed to the bytes of one run: resume-shard.test.ts's kill-and-resume test.)
});

describe('--resume on an output that is already complete', () => {
  test('exits 0 saying "already complete", reads nothing and leaves the file as it is (check, grade, generate)', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.txt');
    writeFileSync(input, readFileSync(CLUES17, 'utf8').split('\n').slice(0, 40).join('\n'));
    const runs = [
      ['check', input],
      ['grade', input],
      ['generate', '-n', '5', '-d', 'easy', '--seed', 'done'],
    ];
    for (const [k, argv] of runs.entries()) {
      const output = join(dir, `out-${k}.txt`);
      const first = await cli([...argv, '--resume', '-o', output]);
      expect(first.code, first.stderr).toBe(0);
      const bytes = readFileSync(output);
      const { mtimeMs, ino } = statSync(output);
      const again = await cli([...argv, '--resume', '-o', output]);
      expect([again.code, again.stderr, again.stdout]).toEqual([0, `sudoku-press: ${output} is already complete: nothing to do (--force makes it again)\n`, '']);
      expect(readFileSync(output).equals(bytes)).toBe(true);
      expect([statSync(output).mtimeMs, statSync(output).ino]).toEqual([mtimeMs, ino]);
      if (argv[0] === 'generate') {
        // Without --resume the file is still protected; with --force it is made again.
        expect((await cli([...argv, '-o', output])).code).toBe(2);
        expect((await cli([...argv, '--resume', '--force', '-o', output])).code).toBe(0);
        expect(readFileSync(output).equals(bytes)).toBe(true);
      }
    }
    expect(readdirSync(dir).sort()).toEqual(['in.txt', 'out-0.txt', 'out-1.txt', 'out-2.txt']);
  });

  test('a run stopped while it completed (the part file still a second name of the file, the record still there) is complete: tidied, exit 0', async () => {
    const dir = tempDir();
    const output = join(dir, 'g.txt');
    const argv = ['generate', '-n', '4', '-d', 'easy', '--seed', 'tidy', '--resume', '-o', output];
    expect((await cli(argv)).code).toBe(0);
    const bytes = readFileSync(output);
    linkSync(output, `${output}.part`);
    writeFileSync(`${output}.part.json`, '{"version":2}\n');
    const again = await cli(argv);
    expect([again.code, again.stderr]).toEqual([0, `sudoku-press: ${output} is already complete: nothing to do (--force makes it again)\n`]);
    expect(readdirSync(dir)).toEqual(['g.txt']);
    expect(readFileSync(output).equals(bytes)).toBe(true);
    // A part file that is another file is not a leftover: the output is not taken as complete.
    writeFileSync(`${output}.part`, 'other\n');
    const ambiguous = await cli(argv);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toBe(`sudoku-press: ${output} already exists; use --force to replace it\n`);
    expect(readFileSync(`${output}.part`, 'utf8')).toBe('other\n');
  });
});

describe('the input fingerprint and the progress record (library)', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  test('a file changed while a resumed run reads it again is caught on the way: no progress is saved over it', async () => {
    const dir = tempDir();
    const file = join(dir, 'in.txt');
    writeFileSync(file, 'abcdefgh');
    expect(checkInputPrefix(file, { bytes: 6, sha256: sha('abcdef') })).toBeNull();
    expect(checkInputPrefix(file, { bytes: 6, sha256: sha('abcdeX') })).toMatch(/first 6 bytes are not those/);
    expect(checkInputPrefix(file, { bytes: 9, sha256: sha('abcdefgh!') })).toMatch(/shorter/);

    // The interrupted run had read 'abcdef'; the resumed run reads 'abcXef...' (changed meanwhile).
    const same = new InputFingerprint([file], [{ bytes: 6, sha256: sha('abcdef') }]);
    expect(same.snapshot()).toEqual([{ bytes: 6, sha256: sha('abcdef') }]); // not read that far yet: the checked prefix
    same.update(0, Buffer.from('abcd'));
    same.update(0, Buffer.from('efgh'));
    expect(same.snapshot()).toEqual([{ bytes: 8, sha256: sha('abcdefgh') }]);

    const changed = new InputFingerprint([file], [{ bytes: 6, sha256: sha('abcdef') }]);
    changed.update(0, Buffer.from('abcX'));
    expect(changed.update(0, Buffer.from('efgh'))).toBeInstanceOf(OutputFileError);
    expect(() => changed.snapshot()).toThrow(/changed while it was read/);

    const shorter = new InputFingerprint([file], [{ bytes: 6, sha256: sha('abcdef') }]);
    shorter.update(0, Buffer.from('abc'));
    expect(shorter.end(0)?.code).toBe('CHANGED');

    // The reader stops with that error: the records after the change are not read.
    const reading = async () => {
      const records = [];
      const fingerprint = new InputFingerprint([file], [{ bytes: 6, sha256: sha('abcdeX') }]);
      const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, stderrIsTTY: false };
      for await (const record of recordsInRange([file], io, null, 0, fingerprint)) records.push(record);
      return records;
    };
    await expect(reading()).rejects.toThrow(/in\.txt changed while it was read/);

    // A resumable file whose input changed refuses to save: the point saved before stays.
    const output = join(dir, 'out.txt');
    const target = ResumableFile.open(output, { key: 'k', inputs: [file] });
    target.input!.update(0, Buffer.from('abcdefgh'));
    target.save(1, {});
    const saved = readFileSync(`${output}.part.json`);
    target.close();
    const resumed = ResumableFile.open(output, { key: 'k', inputs: [file] });
    resumed.input!.update(0, Buffer.from('abcdefgX'));
    expect(() => resumed.save(2, {})).toThrow(/changed while it was read/);
    resumed.close();
    expect(readFileSync(`${output}.part.json`).equals(saved)).toBe(true);
  });
});

describe('durability: synced before claimed', () => {
  test('the part data is synced before a record claims it; the record is written, synced, renamed, its folder synced; every finished file is synced before it takes its name', async () => {
    // Fresh copies of the library's modules, bound to the node:fs mocked above: the files of a
    // worker share its modules (isolate: false in vitest.config.ts), and a file that ran before this
    // one in the same worker may have loaded output-file.ts with the real node:fs (seen once: the
    // folder's fsync was missing from the calls).
    vi.resetModules();
    const { ResumableFile } = await import('../src/node/resumable-file.js');
    const { openOutputFile, writeFileWhole } = await import('../src/node/output-file.js');
    const dir = tempDir();
    const output = join(dir, 'out.txt');
    const file = ResumableFile.open(output, { key: 'k' });
    synced.calls.length = 0;
    await new Promise<void>((resolve, reject) => file.stream.write('a line\n', (error) => (error ? reject(error) : resolve())));
    file.save(1, {});
    expect(synced.calls).toEqual([
      'write out.txt.part',
      'fdatasync out.txt.part', // the bytes...
      'write .out.txt.part.json.TMP', // ...before the record that says they are there
      'fsync .out.txt.part.json.TMP',
      'rename .out.txt.part.json.TMP out.txt.part.json',
      'fsync FOLDER',
    ]);
    synced.calls.length = 0;
    file.complete();
    expect(synced.calls).toEqual(['fsync out.txt.part', 'link out.txt.part out.txt', 'fsync FOLDER']);
    expect(readFileSync(output, 'utf8')).toBe('a line\n');

    synced.calls.length = 0;
    writeFileWhole(join(dir, 'whole.txt'), 'x');
    expect(synced.calls).toEqual(['write .whole.txt.TMP', 'fsync .whole.txt.TMP', 'link .whole.txt.TMP whole.txt']);

    synced.calls.length = 0;
    const stream = openOutputFile(join(dir, 'stream.txt'));
    stream.stream.write('y');
    await stream.commit();
    expect(synced.calls).toEqual(['fsync .stream.txt.TMP', 'link .stream.txt.TMP stream.txt']);
    expect(readFileSync(join(dir, 'stream.txt'), 'utf8')).toBe('y');
  });
});
