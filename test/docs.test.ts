/**
 * The README and docs/ against the code: every option of every command is documented, the README
 * documents no option the CLI lacks, and every relative link (and its #anchor) leads somewhere.
 * Reads text only: no build, no process.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs');
const MARKDOWN = [join(ROOT, 'README.md'), ...readdirSync(DOCS).filter((name) => name.endsWith('.md')).map((name) => join(DOCS, name))];

/** The text of a Markdown file without its fenced code blocks (links in code are not links). */
function prose(file: string): string {
  return readFileSync(file, 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');
}

/** GitHub's anchors for the headings of a Markdown file (repeats get -1, -2...). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of prose(file).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = match[1]!
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** The CLI's options, from the command sources: `.option('-x, --long <arg>', ...)` and `new Option(...)`. */
function cliOptions(): Set<string> {
  const options = new Set<string>();
  const dir = join(ROOT, 'src', 'cli');
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    for (const match of text.matchAll(/(?:\.option\(|new Option\()\s*'([^']+)'/g)) {
      for (const flag of match[1]!.matchAll(/--[a-z][a-z0-9-]*/g)) options.add(flag[0]);
    }
  }
  return options;
}

describe('README and docs', () => {
  test('every option of every command is documented in the README or docs/', () => {
    const options = cliOptions();
    // The commands' sources hold more than a handful: a broken pattern would pass the test empty.
    expect(options.size).toBeGreaterThan(60);
    const documented = MARKDOWN.map((file) => readFileSync(file, 'utf8')).join('\n');
    const missing = [...options].filter((flag) => !new RegExp(`${flag}(?![a-z0-9-])`).test(documented));
    expect(missing).toEqual([]);
  });

  test("each command's own options are in its README section", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const sections = new Map(readme.split(/^## /m).map((part) => [part.slice(0, part.indexOf('\n')).trim(), part]));
    const dir = join(ROOT, 'src', 'cli');
    const missing: string[] = [];
    let commands = 0;
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts'))) {
      const text = readFileSync(join(dir, name), 'utf8');
      const command = /\.command\('([a-z]+)'\)/.exec(text)?.[1];
      if (command === undefined) continue;
      commands++;
      // book.ts adds the options book and cover share; both are documented in one section.
      const section = sections.get(command === 'book' || command === 'cover' ? 'book and cover' : command) ?? '';
      for (const match of text.matchAll(/(?:\.option\(|new Option\()\s*'([^']+)'/g)) {
        for (const flag of match[1]!.matchAll(/--[a-z][a-z0-9-]*/g)) {
          if (!new RegExp(`${flag[0]}(?![a-z0-9-])`).test(section)) missing.push(`${command} ${flag[0]}`);
        }
      }
    }
    expect(commands).toBe(11);
    expect(missing).toEqual([]);
  });

  test('the README documents no option the CLI lacks', () => {
    const options = cliOptions();
    // Options of other programs the README quotes (esbuild, GNU parallel, publint, Solo, the fixture maker) and commander's own.
    const foreign = new Set(['--help', '--version', '--platform', '--minify', '--sshlogin', '--return', '--cleanup', '--retries', '--strict', '--generate', '--check']);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const flags = new Set([...readme.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((match) => match[0]));
    const unknown = [...flags].filter((flag) => !options.has(flag) && !foreign.has(flag));
    expect(unknown).toEqual([]);
  });

  test.each(MARKDOWN.map((file) => [relative(ROOT, file), file]))('links in %s lead to files and headings that exist', (_name, file) => {
    const broken: string[] = [];
    for (const match of prose(file).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path === '' ? file : resolve(dirname(file), path);
      if (!existsSync(resolved)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!statSync(resolved).isFile() || !resolved.endsWith('.md') || !anchorsOf(resolved).has(anchor)) broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
