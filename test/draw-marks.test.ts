import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Board } from '../src/core/board.js';
import type { Step } from '../src/core/step.js';
import { techniqueById } from '../src/techniques/registry.js';
import { findForcingStep } from '../src/techniques/forcing.js';
import { HOW_TO_PLAY_EXAMPLE } from '../src/render/teaching-layout.js';
import { boardScene, type Primitive, type Scene } from '../src/draw/index.js';
import { applyStep, boardFromGrid } from '../src/core/board.js';
import type { ChainData } from '../src/core/step.js';
import { toGrid } from '../src/core/grid-input.js';
import { gradeWithPath } from '../src/grader/grade.js';
import { teach } from '../src/book/primer.js';
import { readTechniqueCases, type TechniqueCase } from './helpers/technique-fixtures.js';

/**
 * What the marks of a drawing must do, checked on its geometry (portable: the scene's primitives):
 * the eliminated candidate is never under an arrow and is painted last, arrows stay inside the
 * board and off grid lines, discs stay inside their cells, pencil marks keep off the cell edges,
 * each role and each chain has its own paint.
 */

const FIXTURES = ['basic', 'chains', 'exclusion', 'forcing'].flatMap((name) =>
  readTechniqueCases(new URL(`./fixtures/techniques-${name}.txt`, import.meta.url).pathname),
);

const CHAIN_TECHNIQUES = ['x-cycle', 'y-cycle', 'forcing-x-chain', 'xy-cycle', 'forcing-xy-chain', 'multiple-forcing-chains', 'dynamic-forcing-chains', 'nested-forcing-chains'];

function stepOf(c: TechniqueCase): Step | null {
  return c.technique.includes('forcing-chains')
    ? findForcingStep(c.technique, c.board)
    : techniqueById(c.technique)!.find(c.board, { uniqueness: true, chains: true });
}

function picture(board: Board) {
  return { givens: board.values, values: board.values, candidates: board.candidates };
}

// AI Escargot: forcing chains, several chains per step, nested proofs (the explain page's hardest views).
const ESCARGOT = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';

/** The book tests' puzzles, as a book would number them. */
const BOOK_PUZZLES = readFileSync(new URL('./fixtures/book-puzzles.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => /^[0-9.]{81}/.test(line))
  .map((line, i) => ({ number: i + 1, grid: toGrid(line.slice(0, 81)), level: 'hard' }));

const SIZE = 720;
const COORDS = { left: SIZE * 0.012, cell: (SIZE - 2 * SIZE * 0.012) / 9 };

/** Points along a path primitive's curves (M then Q or L). */
function samples(p: Primitive & { type: 'path' }, n = 40): [number, number][] {
  const out: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (const cmd of p.commands) {
    if (cmd.op === 'M') [x, y] = [cmd.x, cmd.y];
    else if (cmd.op === 'L') {
      for (let i = 0; i <= n; i++) out.push([x + ((cmd.x - x) * i) / n, y + ((cmd.y - y) * i) / n]);
      [x, y] = [cmd.x, cmd.y];
    } else if (cmd.op === 'Q') {
      for (let i = 0; i <= n; i++) {
        const t = i / n;
        out.push([(1 - t) ** 2 * x + 2 * (1 - t) * t * cmd.cx + t * t * cmd.x, (1 - t) ** 2 * y + 2 * (1 - t) * t * cmd.cy + t * t * cmd.y]);
      }
      [x, y] = [cmd.x, cmd.y];
    }
  }
  return out;
}

function arrows(scene: Scene): (Primitive & { type: 'path' })[] {
  return scene.primitives.filter((p): p is Primitive & { type: 'path' } => p.type === 'path' && /^mark-(arrow|arrowhead|link)$/.test(p.meta?.cls ?? ''));
}

/** The box of an eliminated candidate's glyph: its text's centre, the glyph's width and height. */
function glyphBoxes(scene: Scene): { x0: number; y0: number; x1: number; y1: number }[] {
  return scene.primitives
    .filter((p): p is Primitive & { type: 'text' } => p.type === 'text' && p.meta?.cls === 'mark-eliminated')
    .map((t) => ({ x0: t.x - t.size * 0.32, x1: t.x + t.size * 0.32, y0: t.y - t.size * 0.73, y1: t.y }));
}

/** Where the cells are on a board drawn with coordinates (half a cell of labels on two sides). */
const COORDINATE_COORDS = (() => {
  const pad = SIZE * 0.012;
  const cell = (SIZE - 2 * pad) / 9.5;
  return { left: pad + cell / 2, cell };
})();

/**
 * Stretches of an arrow (its line, not its head) within 0.08 cell of a grid line for longer than
 * 0.3 cell: more than it takes to cross the line at about 30 degrees or steeper.
 */
function lineRuns(scene: Scene, name: string, at = COORDS): string[] {
  const { left, cell } = at;
  const out: string[] = [];
  for (const arrow of arrows(scene).filter((a) => a.meta!.cls !== 'mark-arrowhead')) {
    const points = samples(arrow, 600);
    for (const axis of [0, 1] as const) {
      let run = 0;
      let worst = 0;
      for (let i = 1; i < points.length; i++) {
        const u = (points[i]![axis] - left) / cell;
        const ds = Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
        run = Math.abs(u - Math.round(u)) < 0.08 ? run + ds : 0;
        worst = Math.max(worst, run);
      }
      if (worst > 0.3 * cell) out.push(`${name}: arrow ${JSON.stringify(arrow.meta!.data)} runs ${(worst / cell).toFixed(2)} cell along a ${axis === 0 ? 'column' : 'row'} line`);
    }
  }
  return out;
}

/** Arrows over an eliminated candidate's glyph. */
function coveredEliminations(scene: Scene, name: string): string[] {
  const boxes = glyphBoxes(scene);
  const out: string[] = [];
  for (const arrow of arrows(scene)) {
    for (const [x, y] of samples(arrow)) {
      if (boxes.some((b) => x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1)) {
        out.push(`${name}: arrow ${JSON.stringify(arrow.meta!.data)} covers an elimination at ${x.toFixed(1)},${y.toFixed(1)}`);
        break;
      }
    }
  }
  return out;
}

const cases = FIXTURES.filter((c) => CHAIN_TECHNIQUES.includes(c.technique));

describe('arrows', () => {
  it.each(cases.map((c, i) => [`${c.technique} #${i}`, c] as const))('%s: never over an eliminated candidate, inside the board', (_name, c) => {
    const step = stepOf(c);
    if (!step) throw new Error(`${c.technique} gave no step`);
    for (const proofs of [false, true]) {
      const scene = boardScene(picture(c.board), { step, size: SIZE, layers: { proofs } });
      const boxes = glyphBoxes(scene);
      expect(boxes.length).toBe(step.eliminations.filter((e) => c.board.values[e.cell] === 0).length);
      const frame = { x0: COORDS.left, x1: COORDS.left + 9 * COORDS.cell };
      for (const arrow of arrows(scene)) {
        for (const [x, y] of samples(arrow)) {
          for (const b of boxes) expect(x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1, `${arrow.meta!.cls} ${JSON.stringify(arrow.meta!.data)} at ${x},${y} covers an eliminated candidate`).toBe(false);
          expect(x >= frame.x0 && x <= frame.x1 && y >= frame.x0 && y <= frame.x1, `arrow leaves the board at ${x},${y}`).toBe(true);
        }
      }
      // the eliminations are painted after every arrow
      const lastArrow = scene.primitives.findLastIndex((p) => p.type === 'path' && p.meta?.cls !== undefined && p.meta.cls.startsWith('mark-arrow'));
      const firstStrike = scene.primitives.findIndex((p) => p.meta?.cls === 'mark-eliminated');
      if (boxes.length > 0 && lastArrow >= 0) expect(firstStrike).toBeGreaterThan(lastArrow);
    }
  });

  it('no arrow runs along a grid line: within 0.08 cell of one for at most 0.3 cell (a crossing at 30 degrees or steeper)', () => {
    const runs: string[] = [];
    for (const c of cases) {
      const step = stepOf(c);
      if (!step) continue;
      for (const proofs of [false, true]) runs.push(...lineRuns(boardScene(picture(c.board), { step, size: SIZE, layers: { proofs } }), c.technique));
    }
    expect(runs).toEqual([]);
  });

  it('AI Escargot, every view of every step (each chain, all chains, each nested proof): no arrow along a grid line, none over an elimination', () => {
    const { steps } = gradeWithPath(ESCARGOT);
    const board = boardFromGrid(toGrid(ESCARGOT));
    const runs: string[] = [];
    let views = 0;
    let arrowCount = 0;
    steps.forEach((step, i) => {
      const pic = picture(board);
      const view = (options: Parameters<typeof boardScene>[1], name: string) => {
        const scene = boardScene(pic, { size: SIZE, layers: { coordinates: true }, ...options });
        views++;
        arrowCount += arrows(scene).length;
        runs.push(...lineRuns(scene, `step ${i + 1} ${name}`, COORDINATE_COORDS), ...coveredEliminations(scene, `step ${i + 1} ${name}`));
      };
      const chains = step.chains ?? [];
      view({ step }, 'all');
      chains.forEach((_, k) => view({ step, chain: k }, `chain ${k + 1}`));
      const proofs: ChainData[] = [];
      const collect = (list: readonly ChainData[]) => {
        for (const chain of list) for (const node of chain.nodes) for (const proof of node.proof ?? []) {
          proofs.push(proof);
          collect([proof]);
        }
      };
      collect(chains);
      proofs.forEach((proof, k) => view({ step: { technique: 'nested-proof', difficulty: step.difficulty, placements: [], eliminations: [], pattern: { cells: [], digits: [], units: [] }, chains: [proof] } }, `proof ${k + 1}`));
      applyStep(board, step);
    });
    expect(runs).toEqual([]);
    expect(views).toBeGreaterThan(steps.length + 20);
    expect(arrowCount).toBeGreaterThan(200);
  });

  it('the primer\'s figures (a book of the test puzzles): no arrow along a grid line, none over an elimination', () => {
    const teaching = teach(BOOK_PUZZLES);
    const withArrows = teaching.primer.filter((e) => e.step.chains !== undefined || e.topic.id === 'wings');
    expect(withArrows.length).toBeGreaterThan(0);
    const runs: string[] = [];
    for (const entry of teaching.primer) {
      const scene = boardScene({ givens: entry.givens, values: entry.board.values, candidates: entry.board.candidates }, { step: entry.step, size: SIZE, layers: { coordinates: true, candidates: entry.topic.marks } });
      runs.push(...lineRuns(scene, entry.topic.title, COORDINATE_COORDS), ...coveredEliminations(scene, entry.topic.title));
    }
    expect(runs).toEqual([]);
  });

  it('How to play: the arrows go around the givens in their way', () => {
    const scene = boardScene(HOW_TO_PLAY_EXAMPLE.picture, { shapes: HOW_TO_PLAY_EXAMPLE.shapes, size: SIZE });
    const digits = scene.primitives.filter((p): p is Primitive & { type: 'text' } => p.type === 'text' && p.meta?.cls === 'given');
    expect(digits.length).toBeGreaterThan(10);
    for (const arrow of arrows(scene)) {
      for (const [x, y] of samples(arrow)) {
        for (const d of digits) {
          const inside = x > d.x - d.size * 0.3 && x < d.x + d.size * 0.3 && y > d.y - d.size * 0.73 && y < d.y;
          expect(inside, `arrow ${JSON.stringify(arrow.meta!.data)} crosses the given ${d.text}`).toBe(false);
        }
      }
    }
  });
});

describe('marks inside their cells', () => {
  it('pencil marks sit in from the cell edges: marks of one cell are nearer each other than marks across a line', () => {
    const candidates = new Array<number>(81).fill(0);
    candidates[0] = 0b111111111;
    candidates[1] = 0b111111111;
    const scene = boardScene({ givens: '.'.repeat(81), candidates }, { size: SIZE });
    const small = scene.primitives.filter((p): p is Primitive & { type: 'text' } => p.type === 'text' && p.size < COORDS.cell / 2);
    const xs = [...new Set(small.map((t) => Math.round(t.x * 100) / 100))].sort((a, b) => a - b);
    expect(xs).toHaveLength(6);
    const within = xs[1]! - xs[0]!;
    const across = xs[3]! - xs[2]!;
    expect(across).toBeGreaterThan(within * 1.3);
  });

  it('discs stay inside their cells, clear of the box lines', () => {
    const c = FIXTURES.find((f) => f.technique === 'nested-forcing-chains')!;
    const scene = boardScene(picture(c.board), { step: stepOf(c)!, size: SIZE });
    const discs = scene.primitives.filter((p): p is Primitive & { type: 'circle' } => p.type === 'circle' && (p.meta?.cls === 'mark-candidate' || p.meta?.cls === 'mark-strike-disc'));
    expect(discs.length).toBeGreaterThan(3);
    const { left, cell } = COORDS;
    const thickHalf = (cell * 0.06) / 2;
    for (const d of discs) {
      const col = Math.floor((d.cx - left) / cell);
      const row = Math.floor((d.cy - left) / cell);
      expect(d.cx - d.r - (left + col * cell)).toBeGreaterThan(thickHalf + 1);
      expect(left + (col + 1) * cell - (d.cx + d.r)).toBeGreaterThan(thickHalf + 1);
      expect(d.cy - d.r - (left + row * cell)).toBeGreaterThan(thickHalf + 1);
      expect(left + (row + 1) * cell - (d.cy + d.r)).toBeGreaterThan(thickHalf + 1);
    }
  });
});

describe('roles and chains have their own brushes', () => {
  it('an XY-wing shows its pivot apart from its pincers, and lines from the pivot to each pincer', () => {
    const c = FIXTURES.find((f) => f.technique === 'xy-wing')!;
    const step = stepOf(c)!;
    const [pivot, a, b] = step.pattern.cells as [number, number, number];
    for (const theme of ['color', 'grey'] as const) {
      const scene = boardScene(picture(c.board), { step, size: SIZE, theme });
      const fills = new Map<number, string>();
      for (const p of scene.primitives) if (p.type === 'rect' && p.meta?.cls === 'mark-cell') fills.set(Number(p.meta.data!['cell']), p.fill!);
      expect(fills.get(a)).toBe(fills.get(b));
      expect(fills.get(pivot)).not.toBe(fills.get(a));
      const links = scene.primitives.filter((p) => p.meta?.cls === 'mark-link').map((p) => `${p.meta!.data!['from']}>${p.meta!.data!['to']}`);
      expect(links).toHaveLength(2);
      expect(links.map((l) => l.split('>')[0]!.split(':')[0])).toEqual([String(pivot), String(pivot)]);
      expect(new Set(links.map((l) => l.split('>')[1]!.split(':')[0]))).toEqual(new Set([String(a), String(b)]));
    }
  });

  it('a fish paints its base and cover units apart', () => {
    const c = FIXTURES.find((f) => f.technique === 'x-wing')!;
    const step = stepOf(c)!;
    const scene = boardScene(picture(c.board), { step, size: SIZE });
    const brushOf = new Map<number, string>();
    for (const p of scene.primitives) if (p.meta?.cls.startsWith('mark-unit')) brushOf.set(Number(p.meta.data!['unit']), String(p.meta.data!['brush']));
    expect(step.pattern.units.slice(0, 2).map((u) => brushOf.get(u))).toEqual(['base', 'base']);
    expect(step.pattern.units.slice(2).map((u) => brushOf.get(u))).toEqual(['cover', 'cover']);
  });

  it('a step with several chains: one chain drawn alone in its colour, or all, each in its own', () => {
    const c = FIXTURES.find((f) => f.technique === 'multiple-forcing-chains')!;
    const step = stepOf(c)!;
    expect(step.chains!.length).toBeGreaterThan(1);
    const colours = (scene: Scene) => new Set(arrows(scene).filter((a) => a.meta!.cls === 'mark-arrow').map((a) => a.stroke));
    const chainsOf = (scene: Scene) => new Set(arrows(scene).map((a) => a.meta!.data!['chain']));
    const all = boardScene(picture(c.board), { step, size: SIZE });
    expect(chainsOf(all).size).toBe(step.chains!.length);
    expect(colours(all).size).toBe(step.chains!.length);
    const second = boardScene(picture(c.board), { step, size: SIZE, chain: 1 });
    expect([...chainsOf(second)]).toEqual([1]);
    expect(colours(second).size).toBe(1);
  });

  it('a placed answer is not as bold as a given and is ringed; in grey too', () => {
    for (const theme of ['color', 'grey'] as const) {
      const scene = boardScene(HOW_TO_PLAY_EXAMPLE.picture, { shapes: HOW_TO_PLAY_EXAMPLE.shapes, size: SIZE, theme });
      const answer = scene.primitives.find((p) => p.type === 'text' && p.meta?.cls === 'mark-digit');
      const given = scene.primitives.find((p) => p.type === 'text' && p.meta?.cls === 'given');
      expect(answer?.type === 'text' && answer.bold).toBe(false);
      expect(given?.type === 'text' && given.bold).toBe(true);
      expect(scene.primitives.some((p) => p.meta?.cls === 'mark-digit-ring')).toBe(true);
    }
  });
});

describe('a board as a one-page PDF (draw -f pdf)', () => {
  it('keeps its frame well in from the page edge (at least 6 pt of margin)', async () => {
    const { inflateSync } = await import('node:zlib');
    const { renderPicture } = await import('../src/render/picture.js');
    const bytes = Buffer.from(await renderPicture({ givens: '1' + '.'.repeat(80) }, { format: 'pdf', size: 360 }));
    const pdf = bytes.toString('latin1');
    const media = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf)!;
    expect(Number(media[1])).toBe(270); // 360 px at 96 per inch
    // The page's content: pdfkit's flip, then the picture moved in by its margin and scaled.
    const contents: string[] = [];
    for (const m of pdf.matchAll(/stream\r?\n/g)) {
      const start = m.index + m[0].length;
      const end = pdf.indexOf('endstream', start);
      try {
        contents.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
      } catch {
        // a font or image stream
      }
    }
    const page = contents.find((c) => / cm\b/.test(c) && /\bre\b/.test(c))!;
    const moves = [...page.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) cm/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(moves.length).toBeGreaterThan(0);
    const [x, y] = moves[0]!;
    expect(x).toBeGreaterThanOrEqual(6);
    expect(y).toBeGreaterThanOrEqual(6);
  });
});
