import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

/*
 * The import graph holds the architecture: the portable core (everything a browser gets from
 * `sudoku-press`) imports no Node built-in and nothing of the Node shell; the shell imports the core.
 */
const SRC = new URL('../src/', import.meta.url).pathname;
const SHELL = ['node', 'render', 'book', 'cli'];
/** Packages the core may import (bundled into browser builds as they are). */
const CORE_PACKAGES = ['seedrandom/lib/alea.js'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module a file imports (static, dynamic and type-only: a type import still ties the layers). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s+'([^']+)'/g)) {
    found.push((match[1] ?? match[2] ?? match[3])!);
  }
  return found;
}

const coreFiles = sourceFiles(SRC).filter((file) => !SHELL.includes(relative(SRC, file).split('/')[0]!));

describe('the portable core', () => {
  test('is most of the code, and includes the entry point', () => {
    expect(coreFiles.map((file) => relative(SRC, file))).toContain('index.ts');
    expect(coreFiles.length).toBeGreaterThan(40);
  });

  test.each(coreFiles.map((file) => [relative(SRC, file), file]))('%s imports no Node built-in, no shell module, no other package', (_name, file) => {
    for (const specifier of importsOf(file)) {
      const bare = specifier.replace(/^node:/, '').split('/')[0]!;
      expect(specifier.startsWith('node:') || builtinModules.includes(bare), `${specifier}`).toBe(false);
      if (specifier.startsWith('.')) {
        const target = relative(SRC, join(file, '..', specifier));
        expect(SHELL, `${specifier} is in the Node shell`).not.toContain(target.split('/')[0]);
      } else {
        expect(CORE_PACKAGES, `package ${specifier}`).toContain(specifier);
      }
    }
  });

  test('the checker sees imports of every form', () => {
    expect(importsOf(join(SRC, 'node', 'generate.ts'))).toContain('./generate-pool.js');
    expect(importsOf(join(SRC, 'cli', 'program.ts'))).toEqual(expect.arrayContaining(['node:fs', './check.js']));
  });
});
