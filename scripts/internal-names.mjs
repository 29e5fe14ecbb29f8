// The property names the build may shorten in dist/esm (the files bundlers read): the fields and
// methods of the engine's own classes and records (ChainEngine's `conflictNode`, `quiescenceSizes`,
// ...), which no user sees. Minifiers shorten variables but not property names: shortened too, they
// take about 1 KB (gzipped) off a browser bundle of the grader (40.9 -> 39.9 KB).
//
// A name is shortened everywhere it occurs, so it must never meet code or data that spells it out.
// A name qualifies only when it is
//   - declared (class member, interface or type member, object literal key) in the portable core's
//     engine folders below;
//   - spelt nowhere else: not in any other source file (the Node shell, pages, drawing), not in the
//     public declarations (dist/index.d.ts, dist/node/index.d.ts and what they import; a public
//     class's private members aside), not in
//     templates/ or assets/ (data read by name);
//   - in no string of those folders (a key looked up by a computed name, a template's {field});
//   - not a property of JavaScript's built-in objects (Map's `get`, a typed array's `set`).
import ts from 'typescript';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { filesUnder } from './files.mjs';

const ENGINE_FOLDERS = ['core', 'generator', 'grader', 'solver', 'techniques'];

function addWords(text, into) {
  for (const match of text.matchAll(/[A-Za-z_$][\w$]*/g)) into.add(match[0]);
}

/** Every property name of the built-in objects a program can reach. */
function builtinNames() {
  const names = new Set();
  const roots = [
    globalThis, Object, Function, Array, ArrayBuffer, SharedArrayBuffer, DataView, Atomics,
    Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
    Float32Array, Float64Array, BigInt64Array, BigUint64Array, Map, Set, WeakMap, WeakSet, WeakRef,
    String, Number, Boolean, Symbol, BigInt, Math, JSON, Reflect, Promise, Error, RegExp, Date, Intl,
  ];
  const generator = Object.getPrototypeOf((function* () {})());
  for (const start of [...roots, ...roots.map((r) => r?.prototype), Object.getPrototypeOf(Int8Array), Object.getPrototypeOf(Int8Array.prototype), generator]) {
    for (let object = start; object; object = Object.getPrototypeOf(object)) {
      for (const name of Object.getOwnPropertyNames(object)) names.add(name);
    }
  }
  return names;
}

/** The names to shorten, sorted (see above). `root` is the project's folder, after tsc has written dist/*.d.ts. */
export function internalPropertyNames(root) {
  const engine = ENGINE_FOLDERS.map((folder) => join(root, 'src', folder) + '/');
  const declared = new Set();
  const spelt = new Set();
  for (const file of filesUnder(join(root, 'src'), (path) => path.endsWith('.ts'))) {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.d.ts') || !engine.some((folder) => file.startsWith(folder))) {
      addWords(text, spelt);
      continue;
    }
    const visit = (node) => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) addWords(node.text, spelt);
      const member =
        ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node) ||
        ts.isPropertySignature(node) || ts.isMethodSignature(node) || ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) ||
        (ts.isParameter(node) && (ts.getModifiers(node)?.length ?? 0) > 0);
      if (member && node.name && ts.isIdentifier(node.name)) declared.add(node.name.text);
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  }
  const seen = new Set();
  const readDeclarations = (file) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    // A class's private members are listed by name (`private dirty;`), but no user can reach them.
    addWords(text.replace(/^\s*private (?:static )?(?:readonly )?[\w$]+;$/gm, ''), spelt);
    for (const match of text.matchAll(/(?:from |import\()'(\.[^']+)'/g)) readDeclarations(resolve(dirname(file), match[1].replace(/\.js$/, '.d.ts')));
  };
  readDeclarations(join(root, 'dist', 'index.d.ts'));
  readDeclarations(join(root, 'dist', 'node', 'index.d.ts'));
  if (seen.size === 0) throw new Error('internal-names: dist/index.d.ts not found (run tsc first)');
  for (const folder of ['templates', 'assets']) {
    for (const file of filesUnder(join(root, folder), (path) => /\.(json|txt|md|ts|js|mjs|svg|html|css)$/.test(path))) addWords(readFileSync(file, 'utf8'), spelt);
  }
  const builtin = builtinNames();
  return [...declared].filter((name) => !spelt.has(name) && !builtin.has(name)).sort();
}
