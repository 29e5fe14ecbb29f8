/**
 * Fuzzing `--resume` (issue 23, item 1): runs of check, grade and generate SIGKILLed at random
 * moments, the input, the part file or its progress record edited at random between runs, then run
 * again. FUZZ_RESUME_CASES cases (default 5), FUZZ_SEED to replay. The contract on every case:
 * - an edit that touches what the interrupted run read or wrote (the input's bytes read so far, the
 *   part file's saved bytes, the record) is refused: exit 2, one line, nothing changed;
 * - an edit past them (the unread rest of the input, the unsaved tail of the part file) is taken;
 * - whatever happened, the finished file is byte for byte what one uninterrupted run writes from the
 *   input as it is at the end (never a merge of two inputs or of a foreign part file), with the same
 *   exit code; and a rerun with --resume says "already complete", exit 0, the file untouched.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { expect, test } from 'vitest';
import { savedRecords, sleep, startCli, waitFor } from './helpers/child.js';
import { run } from './helpers/cli.js';

const CASES = Number(process.env['FUZZ_RESUME_CASES'] ?? 5);
const SEED = process.env['FUZZ_SEED'] ?? 'issue-23';

const CLUES = readFileSync(new URL('./fixtures/data/17clue.txt', import.meta.url), 'utf8').split('\n').filter((line) => line.length > 0);

type Random = () => number;
type End = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function between(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** Puzzles with one solution, some with several (a clue taken out), some lines that are not puzzles. */
function randomInput(random: Random, records: number): string {
  const lines: string[] = [];
  for (let i = 0; i < records; i++) {
    const puzzle = pick(random, CLUES);
    const kind = random();
    lines.push(kind < 0.05 ? puzzle.replace(/[1-9]/, '.') : kind < 0.07 ? `not a puzzle ${i}` : puzzle);
  }
  return `${lines.join('\n')}\n`;
}

/** When to SIGKILL a run: so many ms after its start, or after its first saved record (`saved` names the progress record). */
type Kill = { ms: number; saved?: string };

/**
 * Runs the CLI to its end: the built binary when it is to be killed, else through runCli in this
 * process (the program the binary runs: no process to start for a refusal, a reference or a rerun).
 */
async function cli(argv: string[], kill?: Kill): Promise<End> {
  if (kill === undefined) {
    const end = await run(argv);
    return { code: end.code, signal: null, stdout: end.stdout, stderr: end.stderr };
  }
  const started = startCli(argv);
  let ended = false;
  void (async () => {
    if (kill.saved !== undefined) await waitFor(() => ended || savedRecords(kill.saved!) > 0, 60_000);
    await sleep(kill.ms);
    if (!ended) started.child.kill('SIGKILL');
  })();
  const end = await started.done;
  ended = true;
  return { code: end.code, signal: end.signal, stdout: end.stdout, stderr: end.stderr };
}

/** A random moment: often after the run saved some progress, sometimes at any time (before it read anything, or after its end). */
function randomKill(random: Random, output: string): Kill {
  return random() < 0.6 ? { ms: between(random, 0, 400), saved: `${output}.part.json` } : { ms: between(random, 0, 1500) };
}

function describeKill(kill: Kill): string {
  return `${kill.ms} ms after ${kill.saved === undefined ? 'its start' : 'its first save'}`;
}

interface Saved {
  bytes: number;
  input: number; // bytes of the input read so far (0 without input)
}

function savedPoint(output: string): Saved | null {
  try {
    const point = JSON.parse(readFileSync(`${output}.part.json`, 'utf8')) as { bytes: number; input: { bytes: number }[] | null };
    return { bytes: point.bytes, input: point.input?.[0]?.bytes ?? 0 };
  } catch {
    return null;
  }
}

/** An edit between two runs: what it did, whether it must be refused, and how to undo it. */
interface Edit {
  what: string;
  refused: boolean;
  undo: () => void;
}

const REFUSAL = /^sudoku-press: .*(is not the input .* was made from|was changed after|was started by a run with other options or input|is not a progress record of sudoku-press).*\n$/;

function randomEdit(random: Random, input: string | null, output: string, saved: Saved): Edit {
  const part = `${output}.part`;
  const record = `${output}.part.json`;
  const partBytes = readFileSync(part);
  const recordBytes = readFileSync(record);
  const inputBytes = input === null ? null : readFileSync(input);
  const undo = () => {
    writeFileSync(part, partBytes);
    writeFileSync(record, recordBytes);
    if (input !== null && inputBytes !== null) writeFileSync(input, inputBytes);
  };
  const kinds = ['part-prefix', 'part-flip', 'part-cut', 'part-tail', 'record-count', 'record-garbage', 'none'];
  if (input !== null) kinds.push('input-flip', 'input-flip', 'input-swap', 'input-append');
  const kind = pick(random, kinds);
  switch (kind) {
    case 'part-prefix':
      writeFileSync(part, Buffer.concat([Buffer.from('a line put before\n'), partBytes]));
      return { what: kind, refused: saved.bytes > 0, undo };
    case 'part-flip': {
      if (partBytes.length === 0) return { what: 'part-flip (empty: none)', refused: false, undo };
      const at = Math.floor(random() * partBytes.length);
      const changed = Buffer.from(partBytes);
      changed[at]! ^= 1 + Math.floor(random() * 255);
      writeFileSync(part, changed);
      return { what: `${kind} at ${at} of ${partBytes.length} (saved ${saved.bytes})`, refused: at < saved.bytes, undo };
    }
    case 'part-cut': {
      const length = Math.floor(random() * (partBytes.length + 1));
      writeFileSync(part, partBytes.subarray(0, length));
      return { what: `${kind} to ${length} (saved ${saved.bytes})`, refused: length < saved.bytes, undo };
    }
    case 'part-tail':
      writeFileSync(part, Buffer.concat([partBytes, Buffer.from('junk after the saved point, half a li')]));
      return { what: kind, refused: false, undo };
    case 'record-count': {
      const point = JSON.parse(recordBytes.toString()) as { records: number };
      writeFileSync(record, JSON.stringify({ ...point, records: point.records + between(random, 1, 500) }));
      return { what: kind, refused: true, undo };
    }
    case 'record-garbage':
      writeFileSync(record, pick(random, ['', '{}', '{"version":2,"key":', 'null']));
      return { what: kind, refused: true, undo };
    case 'input-flip': {
      const at = Math.floor(random() * inputBytes!.length);
      const changed = Buffer.from(inputBytes!);
      changed[at] = changed[at] === 0x2e ? 0x35 : 0x2e; // '.' <-> '5': a clue added or taken out
      writeFileSync(input!, changed);
      return { what: `${kind} at ${at} of ${inputBytes!.length} (read ${saved.input})`, refused: at < saved.input, undo };
    }
    case 'input-swap': {
      // Another input of the same size: every puzzle's first clue taken out.
      const other = inputBytes!.toString('latin1').replace(/^([.]*)[1-9]/gm, '$1.');
      writeFileSync(input!, Buffer.from(other, 'latin1'));
      return { what: `${kind} (read ${saved.input})`, refused: saved.input > 0 && other !== inputBytes!.toString('latin1'), undo };
    }
    case 'input-append':
      writeFileSync(input!, Buffer.concat([inputBytes!, Buffer.from(`${CLUES[0]}\n`)]));
      return { what: kind, refused: true, undo };
    default:
      return { what: 'none', refused: false, undo };
  }
}

test(`fuzz --resume: random kills and edits between runs never give a merged file (${CASES} cases, seed ${SEED})`, { timeout: CASES * 90_000 + 60_000 }, async () => {
  for (let c = 0; c < CASES; c++) {
    const random = seedrandom(`${SEED}:${c}`);
    const dir = mkdtempSync(join(tmpdir(), 'sp-fuzz-resume-'));
    const command = pick(random, ['check', 'check', 'grade', 'generate']);
    const input = command === 'generate' ? null : join(dir, 'in.txt');
    let base: string[];
    if (command === 'check') {
      writeFileSync(input!, randomInput(random, between(random, 5_000, 30_000)));
      base = ['check', ...(random() < 0.5 ? ['--json'] : []), ...(random() < 0.3 ? ['-q'] : []), input!];
    } else if (command === 'grade') {
      writeFileSync(input!, randomInput(random, between(random, 60, 250)));
      base = ['grade', ...(random() < 0.5 ? ['--json'] : []), input!];
    } else {
      base = ['generate', '-n', String(between(random, 100, 400)), '-d', pick(random, ['beginner', 'easy']), '--seed', `fuzz-${c}`, '-j', '1'];
    }
    const output = join(dir, 'out.txt');
    const argv = [...base, '--resume', '-o', output];
    const log: string[] = [];
    const what = () => `case ${c} (seed ${SEED}): sudoku-press ${argv.join(' ')}\n${log.join('\n')}`;
    let finished: End | null = null;

    // One to three runs killed at random moments (some before anything is saved, some after the end).
    for (let k = between(random, 1, 3); k > 0 && finished === null; k--) {
      const kill = randomKill(random, output);
      const end = await cli(argv, kill);
      log.push(`run killed ${describeKill(kill)}: ${end.signal ?? `exit ${end.code}`} ${end.stderr.trim()}`);
      if (end.signal === null) finished = end;
      else if (existsSync(output)) finished = { ...end, code: null }; // killed while it completed
    }

    if (finished === null && existsSync(`${output}.part`) && savedPoint(output) !== null) {
      const edit = randomEdit(random, input, output, savedPoint(output)!);
      log.push(`edit: ${edit.what}, to be ${edit.refused ? 'refused' : 'taken'}`);
      const after = [existsSync(`${output}.part`) ? readFileSync(`${output}.part`) : null, readFileSync(`${output}.part.json`)];
      const end = await cli(argv);
      log.push(`run: exit ${end.code} ${end.stderr.trim()}`);
      if (edit.refused) {
        expect(end.code, what()).toBe(2);
        expect(end.stderr, what()).toMatch(REFUSAL);
        expect(end.stdout, what()).toBe('');
        expect(existsSync(output), what()).toBe(false);
        // Nothing was changed by the refused run.
        expect([existsSync(`${output}.part`) ? readFileSync(`${output}.part`) : null, readFileSync(`${output}.part.json`)], what()).toEqual(after);
        if (random() < 0.25) {
          rmSync(`${output}.part`);
          rmSync(`${output}.part.json`);
          log.push('started over');
        } else {
          edit.undo();
          log.push('edit undone');
        }
        // Perhaps killed once more, then to the end.
        if (random() < 0.5) {
          const kill = randomKill(random, output);
          const killed = await cli(argv, kill);
          log.push(`run killed ${describeKill(kill)}: ${killed.signal ?? `exit ${killed.code}`}`);
          if (killed.signal === null) finished = killed;
        }
        if (finished === null && !existsSync(output)) {
          finished = await cli(argv);
          log.push(`run: exit ${finished.code} ${finished.stderr.trim()}`);
        }
      } else {
        expect([0, 1], what()).toContain(end.code);
        finished = end;
      }
    }
    if (finished === null) {
      finished = await cli(argv);
      log.push(`run: exit ${finished.code} ${finished.stderr.trim()}`);
    }
    expect(existsSync(output), what()).toBe(true);
    // A run that ended by itself left nothing else (one killed while it completed: see the rerun below).
    if (finished.signal === null) expect(existsSync(`${output}.part`) || existsSync(`${output}.part.json`), what()).toBe(false);

    // The reference: one uninterrupted run over the input as it is now.
    const reference = await cli([...base, '-o', join(dir, 'reference.txt')]);
    expect([0, 1], what()).toContain(reference.code);
    expect(readFileSync(output).equals(readFileSync(join(dir, 'reference.txt'))), what()).toBe(true);
    if (finished.code !== null && !/already complete/.test(finished.stderr)) expect(finished.code, what()).toBe(reference.code);

    // Done: a rerun changes nothing.
    const { mtimeMs } = statSync(output);
    const again = await cli(argv);
    expect([again.code, again.stderr], what()).toEqual([0, `sudoku-press: ${output} is already complete: nothing to do (--force makes it again)\n`]);
    expect(statSync(output).mtimeMs, what()).toBe(mtimeMs);
    expect(readdirSync(dir).filter((f) => /part|partial/.test(f)), what()).toEqual([]);
    if (process.env['FUZZ_LOG']) console.log(what());
    rmSync(dir, { recursive: true, force: true });
  }
});
