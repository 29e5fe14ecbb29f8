import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { formatGrid } from '../core/grid.js';
import { isVariantRecord, type AnyRecord } from '../formats/reader.js';
import type { ExplainIndexEntry, ExplainPage, ExplainPageOptions } from '../pages/index.js';
import { compute, warmCompute } from '../node/compute.js';
import { variantInput } from '../node/variant-input.js';
import { writeFileWhole } from '../node/output-file.js';
import { OutputFolder } from '../node/output-folder.js';
import { readAnyPuzzleArgument } from './input.js';
import { ungradableRefused, variantFields } from './variants.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { inputsName, terminalSafe } from './output.js';
import { Progress } from './progress.js';

export interface ExplainHtmlOptions {
  uniqueness: boolean;
  output?: string;
  force: boolean;
  quiet: boolean;
}


/** Where a puzzle came from, as a reader names it: `file.txt:12`, or the command line. */
function sourceName(record: AnyRecord): string {
  return record.source === '<argument>' ? 'puzzle from the command line' : `${record.source}:${record.line}`;
}

/**
 * A record's page, made in the worker thread (the main thread stays free to stop at once on a
 * signal): a variant crosses as its rules' spec and givens and is graded and drawn under its rules.
 */
function pageOf(record: AnyRecord, options: ExplainPageOptions): Promise<ExplainPage> {
  const named = { source: sourceName(record), ...(record.label === undefined ? {} : { label: record.label }) };
  if (isVariantRecord(record)) return compute('explainVariantPage', { ...named, puzzle: variantInput(record) }, options);
  return compute('explainPage', { ...named, puzzle: record.grid }, options);
}

/** The puzzle as the index shows it: 81 characters, or a variant's own line. */
function shownPuzzle(record: AnyRecord): string {
  return isVariantRecord(record) ? String(variantFields(record)['puzzle']) : formatGrid(record.grid);
}

function pageName(index: number): string {
  return `puzzle-${String(index).padStart(4, '0')}.html`;
}

/**
 * `explain --html`: one puzzle to a page (`-o page.html`, or standard output), many to a folder
 * (`-o folder/`) with an index page.
 */
export async function explainHtml(arg: string, options: ExplainHtmlOptions, io: CliIo, state: CommandState): Promise<void> {
  const records: AnyRecord[] = [];
  const unreadable: string[] = [];
  for await (const record of readAnyPuzzleArgument(arg, io)) {
    if (record.ok) {
      // A variant the grader cannot take (other sizes, Samurai...) stops the command: one line, exit 2.
      if (isVariantRecord(record.puzzle)) {
        const refused = ungradableRefused(record.puzzle);
        if (refused !== null) throw refused;
      }
      records.push(record.puzzle);
    } else unreadable.push(record.error.message);
  }
  // Reported once the run is known to go ahead: a usage error (exit 2) stays one line.
  const reportUnreadable = (): void => {
    for (const message of unreadable) io.stderr.write(`${terminalSafe(message)} (not explained)\n`);
  };
  if (records.length === 0) {
    reportUnreadable();
    if (unreadable.length === 0) io.stderr.write(`sudoku-press: no puzzle found in ${inputsName([arg])}\n`);
    state.exitCode = EXIT.failure;
    return;
  }
  const output = options.output;
  const toFolder = output !== undefined && (!output.endsWith('.html') || (existsSync(output) && statSync(output).isDirectory()));
  if (!toFolder && records.length > 1) {
    throw new UsageError(`${arg} holds ${records.length} puzzles: give a folder with -o (e.g. -o out/explain/) for one page each and an index`);
  }
  if (output !== undefined && !toFolder) {
    if (existsSync(output) && !options.force) throw new UsageError(`${output} already exists (use --force to replace it)`);
  }
  if (toFolder) {
    if (existsSync(output) && !statSync(output).isDirectory()) throw new UsageError(`-o ${output} is a file, not a folder`);
    if (!options.force) {
      for (const name of ['index.html', ...records.map((_, i) => pageName(i + 1))]) {
        if (existsSync(join(output, name))) throw new UsageError(`${join(output, name)} already exists (use --force to replace it)`);
      }
    }
  }

  reportUnreadable();
  warmCompute();
  const { explainIndexPage } = await import('../pages/index.js');
  let failures = unreadable.length;
  if (!toFolder) {
    const record = records[0]!;
    const page = await pageOf(record, { uniqueness: options.uniqueness });
    if (page.outcome.status !== 'graded') failures++;
    if (output === undefined) io.stdout.write(page.html);
    else {
      writeFileWhole(output, page.html, { force: options.force });
      if (!options.quiet) io.stderr.write(`${terminalSafe(`wrote ${output}${page.outcome.status === 'graded' ? '' : ` (${page.outcome.message})`}`)}\n`);
    }
    state.exitCode = failures === 0 ? EXIT.ok : EXIT.failure;
    return;
  }

  // Interrupted, the run removes the pages it wrote (and the folder if it made it).
  const folder = new OutputFolder(output);
  const progress = new Progress(io, 'explained', records.length, !options.quiet);
  const entries: ExplainIndexEntry[] = [];
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const links = {
      index: 'index.html',
      ...(i > 0 ? { previous: pageName(i) } : {}),
      ...(i + 1 < records.length ? { next: pageName(i + 2) } : {}),
    };
    const source = sourceName(record);
    const page = await pageOf(record, { uniqueness: options.uniqueness, links });
    if (page.outcome.status !== 'graded') failures++;
    folder.write(join(output, pageName(i + 1)), page.html, { force: options.force });
    entries.push({
      href: pageName(i + 1),
      source,
      puzzle: shownPuzzle(record),
      outcome: page.outcome,
      ...(record.label === undefined ? {} : { label: record.label }),
      ...(isVariantRecord(record) ? { variant: record.rules.variant, houseKinds: record.rules.houseKinds } : {}),
    });
    progress.update(i + 1);
  }
  folder.write(join(output, 'index.html'), explainIndexPage(entries, `Sudoku explained: ${basename(arg)}`), { force: options.force });
  folder.complete();
  progress.clear();
  if (!options.quiet) io.stderr.write(`wrote ${records.length} pages and index.html in ${terminalSafe(output)}${failures > 0 ? `; ${failures} not explained` : ''}\n`);
  state.exitCode = failures === 0 ? EXIT.ok : EXIT.failure;
}
