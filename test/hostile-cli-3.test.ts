/**
 * What a user meets running the CLI's variant books and long runs (audit 9). One book run (a
 * Samurai, the variant that failed) and a few in-process calls: cheap.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatSolution, parseVariantLine } from '../src/formats/line.js';
import { samuraiRules } from '../src/rules/constructors.js';
import { solveRules } from '../src/solver/rules-solver.js';
import { solutionOf } from '../src/render/generated.js';
import { fileTarget, resumableTarget } from '../src/cli/file-target.js';
import { interruptMessage } from '../src/node/interrupt.js';
import { run } from './helpers/cli.js';

describe('a book with a Samurai section', () => {
  test('is written (the generator writes a Samurai solution as its line; the book read its letters as digits: internal error, exit 70)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-audit9-'));
    const out = join(dir, 'samurai.pdf');
    const result = await run(['book', '--sections', 'samurai-any:1', '--seed', 'a9', '-q', '-o', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    // One puzzle is "1 puzzle", not "1 puzzles".
    expect(result.stdout).toContain('1 puzzle from seed a9:');
  }, 120_000);

  test('solutionOf reads a Samurai solution line and a 6x6 row of digits back to the digits', () => {
    const rules = samuraiRules();
    const solution = solveRules(rules, new Uint8Array(rules.cellCount))!;
    expect(solutionOf(rules, formatSolution(rules, solution))).toEqual(solution);
    const six = parseVariantLine('6x6:..351.5.12.3.3....4163.5...1........');
    const sixSolution = solveRules(six.rules, six.givens)!;
    expect(solutionOf(six.rules, formatSolution(six.rules, sixSolution))).toEqual(sixSolution);
  });
});

describe('a signal that comes after the output is complete, before the summary line', () => {
  test('says the file is complete, not "no file written" (a resumed 6x6 run stopped in its last moment said so of a whole file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-audit9-'));
    // The message is the process's (module state, shared with other in-process runs of this worker):
    // look only at what this run's files add to it.
    const resumable = join(dir, 'r.txt');
    const target = await resumableTarget(resumable, false, 'audit9');
    await target.writer.line('one');
    expect(interruptMessage('SIGTERM')).toContain(`progress kept in ${resumable}.part`);
    expect(interruptMessage('SIGTERM')).not.toContain(`${resumable} is complete`);
    await target.finish(1, {});
    expect(readFileSync(resumable, 'utf8')).toBe('one\n');
    expect(interruptMessage('SIGTERM')).toMatch(/^sudoku-press: interrupted \(SIGTERM\); /);
    expect(interruptMessage('SIGTERM')).toContain(`${resumable} is complete`);
    expect(interruptMessage('SIGTERM')).not.toContain(`${resumable}.part`);
    const plain = join(dir, 'p.txt');
    const file = fileTarget(plain, false);
    await file.writer.line('two');
    expect(interruptMessage('SIGINT')).not.toContain(`${plain} is complete`);
    await file.finish(1, {});
    expect(interruptMessage('SIGINT')).toContain(`${plain} is complete`);
  });
});

describe('the Node entry given hostile values: a coded error, not a TypeError from inside', () => {
  /** The error a call (maybe async) throws, as `name code`. */
  async function thrown(call: () => unknown): Promise<string> {
    try {
      await call();
    } catch (error) {
      const { name, code } = error as { name: string; code?: string };
      return `${name} ${code ?? ''}`.trim();
    }
    return 'no error';
  }
  const none = null as unknown as string;

  test('files, templates, books and generated puzzles', async () => {
    const node = await import('../src/node/index.js');
    expect(await thrown(() => node.openOutputFile(none))).toBe('OutputFileError BAD_PATH');
    expect(await thrown(() => node.writeFileWhole(none, 'x'))).toBe('OutputFileError BAD_PATH');
    expect(await thrown(() => node.loadTemplate(none))).toBe('TemplateError BAD_TEMPLATE');
    expect(await thrown(() => node.parseTemplate('{'))).toBe('TemplateError BAD_TEMPLATE');
    expect(await thrown(() => node.writeBookFile({} as Parameters<typeof node.writeBookFile>[0]))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => node.generatedPuzzles(null as unknown as [], { seed: 's' }).next())).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => node.generatedPuzzles([{ level: 'nope' as 'easy', count: 1 }], { seed: 's' }).next())).toBe('OptionError BAD_OPTION');
    expect(node.isValidIsbn(none)).toBe(false);
  });
});
