/** src/node/output-file.ts: exclusive temporary files, no link followed, no-clobber, cleanup, sweeping. */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  OutputFileError,
  checkOutputPath,
  openOutputFile,
  removeLiveTemporaries,
  sweepStaleTemporaries,
  writeFileWhole,
  writeOutputFile,
} from '../src/node/output-file.js';
import { run } from './helpers/cli.js';
import { writeBookFile } from '../src/render/book.js';
import { loadTemplate } from '../src/render/template.js';
import { puzzlesFromFile } from '../src/render/sources.js';

const PUZZLES = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'sp-output-file-'));
}

const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/** A process id that is surely not running: one of a process that has just ended. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(result.stdout);
}

describe('openOutputFile', () => {
  test('a link planted at the temporary name of old (.b.pdf.<pid>.partial) is neither followed nor moved into place (row 1)', async () => {
    const dir = tempDir();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'mine\n');
    symlinkSync(victim, join(dir, `.b.pdf.${process.pid}.partial`));
    const fileBook = await puzzlesFromFile(PUZZLES);
    await writeBookFile({ template: loadTemplate('letter-4up'), title: 'T', sections: fileBook.sections, puzzles: fileBook.puzzles, output: join(dir, 'b.pdf') });
    expect(readFileSync(victim, 'utf8')).toBe('mine\n');
    expect(lstatSync(join(dir, 'b.pdf')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'b.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('temporary names are unpredictable, hidden, in the target folder, and created exclusively', async () => {
    const dir = tempDir();
    const a = openOutputFile(join(dir, 'out.txt'));
    const b = openOutputFile(join(dir, 'other.txt'));
    expect(a.temporaryPath).not.toBe(b.temporaryPath);
    expect(a.temporaryPath.startsWith(join(dir, '.out.txt.'))).toBe(true);
    expect(a.temporaryPath).toMatch(/-[0-9a-f]{16}\.partial$/);
    await a.discard();
    await b.discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  test('without force, a file that appears while writing is kept and the run fails (no check-then-rename race)', async () => {
    const dir = tempDir();
    const path = join(dir, 'out.txt');
    const file = openOutputFile(path);
    file.stream.write('new\n');
    writeFileSync(path, 'theirs\n');
    await expect(file.commit()).rejects.toMatchObject({ code: 'EXISTS' });
    expect(readFileSync(path, 'utf8')).toBe('theirs\n');
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });

  test('with force, a link at the target is replaced, never written through', async () => {
    const dir = tempDir();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'mine\n');
    symlinkSync(victim, join(dir, 'out.txt'));
    await writeOutputFile(join(dir, 'out.txt'), { force: true }, async (stream) => {
      stream.write('new\n');
    });
    expect(readFileSync(victim, 'utf8')).toBe('mine\n');
    expect(lstatSync(join(dir, 'out.txt')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('new\n');
  });

  test('a failure removes the temporary file and passes the error on; removeLiveTemporaries clears open ones', async () => {
    const dir = tempDir();
    await expect(
      writeOutputFile(join(dir, 'out.txt'), {}, async (stream) => {
        stream.write('half');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(readdirSync(dir)).toEqual([]);
    const open = openOutputFile(join(dir, 'x.txt'));
    expect(existsSync(open.temporaryPath)).toBe(true);
    expect(removeLiveTemporaries()).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
    await open.discard();
  });

  test('paths that cannot be a file are usage errors naming the user path (row 8)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'afile'), 'x');
    const bad = (path: string, force = false): OutputFileError => {
      try {
        checkOutputPath(path, force);
      } catch (error) {
        return error as OutputFileError;
      }
      throw new Error(`accepted ${path}`);
    };
    expect(bad(join(dir, 'newdir2/'))).toMatchObject({ code: 'BAD_PATH', isUsage: true });
    expect(bad(join(dir, 'afile', 'x.pdf')).message).toBe(`cannot write ${join(dir, 'afile', 'x.pdf')}: ${join(dir, 'afile')} is a file, not a folder`);
    expect(bad(join(dir, 'afile', 'deeper', 'x.pdf'))).toMatchObject({ code: 'BAD_PATH' });
    expect(bad(dir)).toMatchObject({ code: 'NOT_A_FILE' });
    expect(bad(join(dir, 'afile'))).toMatchObject({ code: 'EXISTS' });
    expect(() => checkOutputPath(join(dir, 'afile'), true)).not.toThrow();
  });
});

describe('sweepStaleTemporaries (row 5)', () => {
  test('removes our files of dead processes of this host for that target; keeps everything else', () => {
    const dir = tempDir();
    const dead = deadPid();
    const stale = `.b.pdf.${HOST_TAG}-${dead}-0123456789abcdef.partial`;
    const live = `.b.pdf.${HOST_TAG}-${process.pid}-0123456789abcdef.partial`;
    const otherHost = `.b.pdf.00000000-${dead}-0123456789abcdef.partial`;
    const otherTarget = `.c.pdf.${HOST_TAG}-${dead}-0123456789abcdef.partial`;
    const link = `.b.pdf.${HOST_TAG}-${dead}-fedcba9876543210.partial`;
    for (const name of [stale, live, otherHost, otherTarget]) writeFileSync(join(dir, name), '');
    mkdirSync(join(dir, 'sub'));
    symlinkSync(join(dir, 'sub'), join(dir, link));
    expect(sweepStaleTemporaries(dir, join(dir, 'b.pdf'))).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([link, live, otherHost, otherTarget, 'sub'].sort());
  });

  test('opening an output sweeps the leftovers of a killed run into that folder', async () => {
    const dir = tempDir();
    const stale = join(dir, `.out.txt.${HOST_TAG}-${deadPid()}-00112233445566ff.partial`);
    writeFileSync(stale, 'half a file');
    await writeOutputFile(join(dir, 'out.txt'), {}, async (stream) => {
      stream.write('ok\n');
    });
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });
});

describe('draw and explain --html write through the same module', () => {
  const PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

  test('writeFileWhole: a link planted at the old temporary name (FILE.partial-<pid>) is never written through', () => {
    const dir = tempDir();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'mine\n');
    const path = join(dir, 'page.html');
    symlinkSync(victim, `${path}.partial-${process.pid}`);
    expect(writeFileWhole(path, '<p>ok</p>')).toEqual({ bytes: 9 });
    expect(readFileSync(victim, 'utf8')).toBe('mine\n');
    expect(readFileSync(path, 'utf8')).toBe('<p>ok</p>');
    expect(() => writeFileWhole(path, 'again')).toThrow(OutputFileError);
    expect(readFileSync(path, 'utf8')).toBe('<p>ok</p>');
  });

  test('explain --html -o and draw: planted links at the old names leave their targets alone', async () => {
    const dir = tempDir();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'mine\n');
    const page = join(dir, 'page.html');
    symlinkSync(victim, `${page}.partial-${process.pid}`);
    const explained = await run(['explain', '--html', PUZZLE, '-o', page]);
    expect(explained.code).toBe(0);
    const pictures = join(dir, 'pics');
    mkdirSync(pictures);
    for (const name of ['puzzle-0001.svg', '0001.svg']) symlinkSync(victim, join(pictures, `${name}.partial-${process.pid}`));
    const drawn = await run(['draw', PUZZLE, '-f', 'svg', '--out-dir', pictures]);
    expect(drawn.code).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('mine\n');
    expect(lstatSync(page).isFile()).toBe(true);
    expect(readdirSync(pictures).filter((name) => name.endsWith('.svg'))).toHaveLength(1);
  });
});
