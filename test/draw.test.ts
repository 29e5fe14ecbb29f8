import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Board } from '../src/core/board.js';
import { PuzzleFormatError } from '../src/core/errors.js';
import type { ChainData, Step } from '../src/core/step.js';
import { techniqueById } from '../src/techniques/registry.js';
import { findForcingStep } from '../src/techniques/forcing.js';
import { COLOR_THEME, DrawError, GREY_THEME, boardScene, drawBoard, stepShapes } from '../src/draw/index.js';
import { readTechniqueCases, type TechniqueCase } from './helpers/technique-fixtures.js';

const FIXTURES = ['basic', 'chains', 'uniqueness', 'exclusion', 'forcing'].flatMap((name) =>
  readTechniqueCases(new URL(`./fixtures/techniques-${name}.txt`, import.meta.url).pathname),
);

/** One technique of each family (and each way a step marks the board). */
const FAMILY_CASES = [
  'hidden-single-box', // singles: a placement
  'naked-single',
  'pointing', // intersections
  'naked-triple', // subsets
  'hidden-pair',
  'x-wing', // fish: base and cover units
  'swordfish',
  'xy-wing', // wings
  'unique-rectangle-2', // uniqueness
  'bug-1',
  'aligned-pair-exclusion', // exclusion
  'x-cycle', // chains: arrows
  'forcing-xy-chain',
  'multiple-forcing-chains', // forcing chains with branches
  'dynamic-forcing-chains', // several parents
  'nested-forcing-chains', // nested proofs
];

function firstCase(id: string): TechniqueCase {
  const c = FIXTURES.find((f) => f.technique === id);
  if (!c) throw new Error(`no fixture for ${id}`);
  return c;
}

function stepOf(c: TechniqueCase): Step {
  const step = c.technique.includes('forcing-chains')
    ? findForcingStep(c.technique, c.board)
    : techniqueById(c.technique)!.find(c.board, { uniqueness: true, chains: true });
  if (!step) throw new Error(`fixture ${c.technique} gave no step`);
  return step;
}

function picture(board: Board): { givens: Uint8Array; values: Uint8Array; candidates: Uint16Array } {
  return { givens: board.values, values: board.values, candidates: board.candidates };
}

/** Every element of a class, as its data attributes. */
function marks(svg: string, cls: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const m of svg.matchAll(new RegExp(`<\\w+ class="${cls}"([^>]*)>`, 'g'))) {
    const data: Record<string, string> = {};
    for (const a of m[1]!.matchAll(/data-(\w+)="([^"]*)"/g)) data[a[1]!] = a[2]!;
    found.push(data);
  }
  return found;
}

const key = (cell: number | string, digit: number | string) => `${cell}:${digit}`;

/** The links a reader follows: each chain's path from its assumption along first parents. */
function mainLinks(chains: readonly ChainData[]): Set<string> {
  const links = new Set<string>();
  for (const chain of chains) {
    const n = chain.nodes;
    let i = n.length - 1;
    while (i > 0) {
      const parent = n[i]!.parents ? n[i]!.parents![0]! : i - 1;
      if (parent < 0) break;
      const a = n[parent]!;
      const b = n[i]!;
      if (a.cell !== b.cell || a.digit !== b.digit) links.add(`${key(a.cell, a.digit)}>${key(b.cell, b.digit)}:${b.on ? 'strong' : 'weak'}`);
      i = parent;
    }
  }
  return links;
}

describe('drawBoard shows a step as the step says', () => {
  it.each(FAMILY_CASES)('%s: highlighted cells, struck candidates and arrows are the step\'s', (id) => {
    const c = firstCase(id);
    const step = stepOf(c);
    const svg = drawBoard(picture(c.board), { step });
    const cells = marks(svg, 'mark-cell');
    const chained = (step.chains?.length ?? 0) > 0;
    // pattern cells and placed cells, nothing else
    // (a wing's cells by role: its pivot first, then the pincers)
    const roles = ['pattern', 'pivot', 'pincer'];
    expect(new Set(cells.filter((m) => roles.includes(m['brush']!)).map((m) => Number(m['cell'])))).toEqual(new Set(step.pattern.cells));
    if (id === 'xy-wing') expect(cells.find((m) => m['brush'] === 'pivot')?.['cell']).toBe(String(step.pattern.cells[0]));
    expect(cells.filter((m) => m['brush'] === 'placement').map((m) => Number(m['cell'])).sort()).toEqual(step.placements.map((p) => p.cell).sort());
    // every elimination struck through (and coloured: its digit and line use the elimination brush)
    const struck = marks(svg, 'mark-strike').map((m) => key(m['cell']!, m['digit']!));
    expect(struck.sort()).toEqual(step.eliminations.map((e) => key(e.cell, e.digit)).sort());
    expect(svg.split('class="mark-strike"').length - 1).toBe(step.eliminations.length);
    for (const m of svg.matchAll(/<line class="mark-strike"[^>]*stroke="([^"]+)"/g)) expect(m[1]).toBe(COLOR_THEME.brushes.elimination.stroke);
    // units outlined only for non-chain steps
    // (a fish's cover units are outlined, not filled)
    const units = [...new Set([...marks(svg, 'mark-unit'), ...marks(svg, 'mark-unit-outline')].map((m) => Number(m['unit'])))];
    expect(units.sort((a, b) => a - b)).toEqual(chained ? [] : [...step.pattern.units].sort((a, b) => a - b));
    // arrows: exactly the main links of the step's chains, strong solid and weak dashed
    const arrows = marks(svg, 'mark-arrow').map((m) => `${m['from']}>${m['to']}:${m['brush']}`);
    expect(new Set(arrows)).toEqual(chained ? mainLinks(step.chains!) : new Set());
    for (const m of svg.matchAll(/<path class="mark-arrow"[^>]*data-brush="(\w+)"[^>]*>/g)) {
      expect(m[0].includes('stroke-dasharray')).toBe(m[1] === 'weak');
    }
    if (chained) expect(arrows.length).toBeGreaterThan(0);
  });

  it('the pattern digits are marked on the pattern cells that hold them (x-wing)', () => {
    const c = firstCase('x-wing');
    const step = stepOf(c);
    const discs = marks(drawBoard(picture(c.board), { step }), 'mark-candidate').filter((m) => m['brush'] === 'pattern-digit');
    const expected = step.pattern.cells.flatMap((cell) =>
      step.pattern.digits.filter((d) => c.board.candidates[cell]! & (1 << (d - 1))).map((d) => key(cell, d)),
    );
    expect(discs.map((m) => key(m['cell']!, m['digit']!)).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThanOrEqual(4);
  });

  it('nested proofs are drawn only when asked, in their own brushes', () => {
    const c = firstCase('nested-forcing-chains');
    const step = stepOf(c);
    const plain = marks(drawBoard(picture(c.board), { step }), 'mark-arrow');
    const withProofs = marks(drawBoard(picture(c.board), { step, layers: { proofs: true } }), 'mark-arrow');
    expect(withProofs.length).toBeGreaterThan(plain.length);
    expect(withProofs.some((m) => m['brush']!.startsWith('proof-'))).toBe(true);
    expect(plain.some((m) => m['brush']!.startsWith('proof-'))).toBe(false);
  });

  it('layers turn parts off', () => {
    const c = firstCase('forcing-xy-chain');
    const step = stepOf(c);
    const svg = drawBoard(picture(c.board), { step, layers: { chains: false, eliminations: false, candidates: false } });
    expect(marks(svg, 'mark-arrow')).toEqual([]);
    expect(marks(svg, 'mark-strike')).toEqual([]);
    // no pencil marks: no small text at all
    expect(svg).not.toMatch(/font-size="(\d|1[0-9])(\.\d+)?"/);
  });
});

describe('drawBoard output', () => {
  const c = firstCase('forcing-xy-chain');
  const step = stepOf(c);

  it('is byte-identical for the same input, and equal to the committed picture', () => {
    const a = drawBoard(picture(c.board), { step, size: 400, layers: { coordinates: true } });
    const b = drawBoard(picture(c.board), { step, size: 400, layers: { coordinates: true } });
    expect(a).toBe(b);
    const goldenFile = new URL('./fixtures/draw/forcing-xy-chain.svg', import.meta.url);
    // After an intended change of the picture: UPDATE_DRAW_GOLDEN=1 npx vitest run test/draw.test.ts
    if (process.env['UPDATE_DRAW_GOLDEN']) writeFileSync(goldenFile, a);
    const golden = readFileSync(goldenFile, 'utf8');
    expect(a).toBe(golden);
  });

  it('the greyscale theme paints only greys, and marks keep their shapes', () => {
    const svg = drawBoard(picture(c.board), { step, theme: 'grey' });
    for (const m of svg.matchAll(/#([0-9a-f]{6})/g)) {
      const hex = m[1]!;
      expect(hex.slice(0, 2) === hex.slice(2, 4) && hex.slice(2, 4) === hex.slice(4, 6), `#${hex} is not grey`).toBe(true);
    }
    expect(marks(svg, 'mark-strike').length).toBe(step.eliminations.length);
    expect(svg).toContain('stroke-dasharray');
    for (const brush of Object.values(GREY_THEME.brushes)) expect(brush).toBeDefined();
  });

  it('givens are bold, placed digits are not, and pencil marks sit in a 3x3 layout', () => {
    const givens = '1' + '.'.repeat(80);
    const values = '12' + '.'.repeat(79);
    const candidates = new Array<number>(81).fill(0);
    candidates[2] = 0b100000001; // 1 and 9 in r1c3
    const scene = boardScene({ givens, values, candidates }, { size: 90 * 9 + 0 });
    const texts = scene.primitives.filter((p) => p.type === 'text');
    const given = texts.find((t) => t.type === 'text' && t.text === '1' && t.bold)!;
    const placed = texts.find((t) => t.type === 'text' && t.text === '2')!;
    expect(given).toBeDefined();
    expect(placed.type === 'text' && placed.bold).toBe(false);
    const small = texts.filter((t) => t.type === 'text' && t.size < 40);
    expect(small.map((t) => (t.type === 'text' ? t.text : ''))).toEqual(['1', '9']);
    const [one, nine] = small as { x: number; y: number }[];
    expect(nine!.x).toBeGreaterThan(one!.x); // 9 to the right of 1
    expect(nine!.y).toBeGreaterThan(one!.y); // and below it
  });

  it('escapes the title', () => {
    const svg = drawBoard({ givens: '.'.repeat(81) }, { title: '<script>alert(1)</script>' });
    expect(svg).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(svg).not.toContain('<script');
  });

  it('rejects a bad picture with a DrawError', () => {
    expect(() => drawBoard({ givens: '1'.repeat(80) })).toThrow(PuzzleFormatError);
    expect(() => drawBoard({ givens: '.'.repeat(81), candidates: [1, 2] })).toThrow(DrawError);
    expect(() => drawBoard({ givens: '.'.repeat(81) }, { size: -1 })).toThrow(/size/);
    expect(() => drawBoard({ givens: '.'.repeat(81) }, { theme: 'pink' as 'grey' })).toThrow(/theme/);
  });

  it('stepShapes gives each candidate one mark: an eliminated chain node is struck, not a node', () => {
    const shapes = stepShapes(step, { candidates: c.board.candidates });
    const perCandidate = new Map<string, number>();
    for (const s of shapes) if (s.kind === 'candidate' || s.kind === 'strike') perCandidate.set(key(s.cell, s.digit), (perCandidate.get(key(s.cell, s.digit)) ?? 0) + 1);
    expect([...perCandidate.values()].every((n) => n === 1)).toBe(true);
    for (const e of step.eliminations) expect(shapes.some((s) => s.kind === 'strike' && s.cell === e.cell && s.digit === e.digit)).toBe(true);
  });
});

describe('src/draw is portable', () => {
  it('imports no Node built-in, pdfkit, or Node-shell module', () => {
    const dir = new URL('../src/draw/', import.meta.url);
    for (const file of readdirSync(dir)) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      for (const m of text.matchAll(/from '([^']+)'/g)) {
        const spec = m[1]!;
        expect(spec.startsWith('node:') || spec === 'pdfkit' || /\/(node|render|book|cli)\//.test(spec), `${file} imports ${spec}`).toBe(false);
        if (!spec.startsWith('.')) throw new Error(`${file} imports the package ${spec}`);
      }
    }
  });
});
