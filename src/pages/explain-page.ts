import { applyStep, boardFromGrid, cloneBoard, type Board } from '../core/board.js';
import { PuzzleFormatError, optionKeys, ownCopy, ownOptions } from '../core/errors.js';
import { describeConflict, findConflict, formatGrid, type Grid } from '../core/grid.js';
import { toGrid, type GridInput } from '../core/grid-input.js';
import type { ChainData, Step } from '../core/step.js';
import { geometryOf, type Geometry } from '../core/geometry.js';
import { COLOR_THEME, drawBoard, type Shape } from '../draw/index.js';
import { drawVariantStep } from '../draw/variant-step.js';
import { drawGeneralStep } from '../draw/general-step.js';
import { applyGeneralStep, generalBoard } from '../grader/general/grade.js';
import { isGeneralRules } from '../grader/general/link.js';
import { shapeOf } from '../grader/general/shape.js';
import { describeGeneralStep, digitName, formatGeneralChain } from '../grader/general/text.js';
import { formatValues } from '../rules/puzzle.js';
import { isClassic9 } from '../rules/constructors.js';
import type { HouseKind, Rules } from '../rules/types.js';
import { findGivenConflict } from '../rules/puzzle.js';
import { describeStep } from '../grader/explain.js';
import { GradeError, gradeWithPath, type Grade } from '../grader/grade.js';
import { formatChain as formatChain9 } from '../techniques/chains/index.js';
import { stepTechniqueName, techniqueNameIn } from '../grader/technique-names.js';
import { BoardPacker, UNPACK_SCRIPT } from './board-pack.js';
import { escapeHtml, htmlDocument, levelBadge } from './html.js';

/** A puzzle to explain as a page. */
export interface ExplainPageInput {
  puzzle: GridInput;
  /** The text after the puzzle in its file (shown, escaped). */
  label?: string;
  /** Where it came from, e.g. `puzzles.txt:12` (shown, escaped). */
  source?: string;
  /**
   * The rules (jigsaw, X, windoku, killer...: 81 cells, nine digits): the puzzle is graded under
   * them and every board drawn with them (regions, diagonals, windows, cages). Default classic.
   */
  rules?: Rules;
}

/** Options of {@link explainPage}. */
export interface ExplainPageOptions {
  /** Use the techniques that assume a unique solution. Default true (see GradeOptions). */
  uniqueness?: boolean;
  /**
   * Size of the boards' drawings in px. Default 720. On the page a board grows with the window
   * up to that (about 720 px on a 1920x1080 screen) and shrinks to fit a phone's width.
   */
  boardSize?: number;
  /** Links to the index page and the neighbouring puzzles' pages (for a folder of pages). */
  links?: { index?: string; previous?: string; next?: string };
}

/** What the page found, for an index of pages. */
export type ExplainOutcome =
  | { status: 'graded'; grade: Grade; steps: number }
  | { status: 'multiple' | 'none' | 'invalid'; message: string };

/** A page and what it says. */
export interface ExplainPage {
  html: string;
  outcome: ExplainOutcome;
}

const STYLE = `
.summary { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: baseline; margin: 0 0 14px; }
.summary .rating { font-size: 26px; font-weight: 700; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 290px; gap: 20px; align-items: start; }
.stage { min-width: 0; }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; margin-bottom: 10px; }
.controls button { font: inherit; padding: 6px 14px; border: 1px solid var(--line); border-radius: 6px; background: var(--soft); cursor: pointer; }
.controls button:disabled { opacity: 0.4; cursor: default; }
.controls .counter { color: var(--muted); font-variant-numeric: tabular-nums; }
.controls .keys { color: var(--muted); font-size: 12px; margin-left: auto; }
.step { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }
.step + .step { margin-top: 28px; }
.js .step + .step { margin-top: 0; }
.board svg { display: block; width: 100%; height: auto; }
/* The board fits the window's height below the page's header (--head: its height, set by the script; a Samurai's line of givens takes two lines). */
.boards { flex: 0 1 auto; width: min(100%, 720px, max(300px, calc(100vh - 140px - var(--head, 75px)))); }
.text { flex: 1 1 280px; min-width: 240px; }
.wide .boards { width: min(100%, 1000px, max(300px, calc(100vh - 140px - var(--head, 75px)))); }
.views { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; margin: 0 0 6px; font-size: 14px; }
.views button { font: inherit; padding: 2px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--soft); cursor: pointer; }
.views button[aria-pressed="true"], details.proofs li button[aria-pressed="true"], .chains li button[aria-pressed="true"] { background: #e8f0fe; border-color: var(--accent); }
.views .view-label { font-weight: 600; font-variant-numeric: tabular-nums; min-width: 9em; }
.views .swatch { display: inline-block; width: 22px; height: 4px; border-radius: 2px; vertical-align: middle; margin-right: 6px; }
.chains li.current { background: #f1f3f4; border-radius: 4px; }
.chains li button, details.proofs li button { font: inherit; font-size: 12px; padding: 0 6px; margin-right: 6px; border: 1px solid var(--line); border-radius: 4px; background: var(--paper); cursor: pointer; }
.text h2 { margin: 0 0 6px; font-size: 17px; }
.text .difficulty { display: inline-block; min-width: 2.6em; padding: 0 6px; margin-right: 6px; border-radius: 4px; background: var(--soft); border: 1px solid var(--line); font-variant-numeric: tabular-nums; text-align: center; }
.text .line { margin: 0 0 10px; }
.chains { margin: 6px 0; padding-left: 20px; }
.chains li { margin: 2px 0; overflow-wrap: anywhere; }
details.proofs { margin-top: 8px; }
details.proofs summary { cursor: pointer; color: var(--accent); }
details.proofs ul { padding-left: 18px; margin: 6px 0; }
details.proofs li { overflow-wrap: anywhere; }
.legend { color: var(--muted); font-size: 12px; margin-top: 10px; }
nav.list { position: sticky; top: 12px; max-height: calc(100vh - 170px); overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
nav.list ol { list-style: none; margin: 0; padding: 4px 0; }
nav.list a { display: flex; gap: 6px; padding: 2px 10px; text-decoration: none; color: var(--ink); font-size: 13px; line-height: 1.35; }
nav.list a:hover { background: var(--soft); }
nav.list a[aria-current] { background: #e8f0fe; font-weight: 600; }
nav.list .d { color: var(--muted); font-variant-numeric: tabular-nums; min-width: 2.2em; flex: none; }
nav.list .n { font-variant-numeric: tabular-nums; min-width: 2em; text-align: right; flex: none; }
nav.list .name { min-width: 0; overflow-wrap: anywhere; }
.pages { margin: 0 0 12px; font-size: 13px; }
.pages a { margin-right: 14px; }
@media (max-width: 800px) { .layout { grid-template-columns: 1fr; } nav.list { position: static; max-height: 240px; } .boards { width: 100%; } }
@media (max-width: 500px) { main { padding: 10px 8px 24px; } header.top { padding: 10px 8px 8px; } .controls .keys, .views .legend { display: none; } .text { min-width: 0; } }
.controls .zoom { display: none; }
/* A 12x12, 16x16 or Samurai board on a phone: its pencil marks would be 3-4 px across the width, so
   it is drawn twice as wide in a box that pans (the step's marks brought into view), or whole. */
@media (max-width: 500px) {
  .wide .controls .zoom { display: inline-block; padding: 6px 10px; }
  .wide.zoomed .board { overflow: auto; max-height: min(100vw, 70vh); overscroll-behavior: contain; border: 1px solid var(--line); border-radius: 4px; }
  .wide.zoomed .board svg { width: 200%; max-width: none; }
}
`;

/** Prev / next, arrow keys, the list; the URL's #step-N opens that step. Plain ES5, no network. */
const SCRIPT = `(function () {
  ${UNPACK_SCRIPT}
  document.body.classList.add('js');
  var head = document.querySelector('header.top');
  function fitHead() { if (head) document.documentElement.style.setProperty('--head', Math.ceil(head.getBoundingClientRect().height) + 'px'); }
  fitHead();
  window.addEventListener('resize', fitHead);
  var boards = readBoards(document.getElementById('boards').textContent);
  var steps = document.querySelectorAll('.step');
  var items = document.querySelectorAll('nav.list a');
  var prev = document.getElementById('prev');
  var next = document.getElementById('next');
  var counter = document.getElementById('counter');
  var current = -1;
  var list = document.querySelector('nav.list');
  var wide = document.querySelector('.wide');
  var zoom = document.getElementById('zoom');
  // The box around the elements of a selector in a board (null when there are none).
  function extent(box, selector) {
    var marks = box.querySelectorAll(selector);
    if (marks.length === 0) return null;
    var e = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (var i = 0; i < marks.length; i++) {
      var r = marks[i].getBoundingClientRect();
      e.x0 = Math.min(e.x0, r.left); e.y0 = Math.min(e.y0, r.top); e.x1 = Math.max(e.x1, r.right); e.y1 = Math.max(e.y1, r.bottom);
    }
    return e;
  }
  // A zoomed board's box scrolled to the step's marks: all of them (pattern cells, placements,
  // struck candidates) in its middle when they fit, else what the step does (placements and
  // struck candidates), else the first of those at its top left. No marks: it stays where it is.
  function focusMarks() {
    if (!wide || !wide.classList.contains('zoomed') || current < 0) return;
    var box = steps[current].querySelector('.board:not([hidden])');
    if (!box || box.scrollWidth <= box.clientWidth) return;
    var fits = function (e) { return e && e.x1 - e.x0 <= box.clientWidth && e.y1 - e.y0 <= box.clientHeight; };
    var all = extent(box, '.mark-cell, .mark-eliminated, .mark-digit-ring');
    var outcome = extent(box, '.mark-eliminated, [data-brush="placement"]');
    var e = fits(all) ? all : outcome || all;
    if (!e) return;
    var at = box.getBoundingClientRect();
    if (fits(e)) {
      box.scrollLeft += (e.x0 + e.x1) / 2 - (at.left + box.clientWidth / 2);
      box.scrollTop += (e.y0 + e.y1) / 2 - (at.top + box.clientHeight / 2);
    } else {
      box.scrollLeft += e.x0 - at.left - 8;
      box.scrollTop += e.y0 - at.top - 8;
    }
  }
  if (zoom && wide) zoom.addEventListener('click', function () {
    var on = wide.classList.toggle('zoomed');
    zoom.textContent = on ? 'Whole board' : 'Zoom in';
    focusMarks();
  });
  // Scrolls the list alone (scrollIntoView would scroll the page too, past the summary).
  function keepInView(item) {
    var shown = list.getBoundingClientRect(), at = item.getBoundingClientRect();
    if (at.top < shown.top) list.scrollTop -= shown.top - at.top;
    else if (at.bottom > shown.bottom) list.scrollTop += at.bottom - shown.bottom;
  }
  function show(n) {
    if (n < 0 || n >= steps.length || n === current) return;
    var shown = steps[n].querySelector('.board:not([hidden])');
    if (shown && !shown.firstChild) shown.innerHTML = unpackBoard(boards, Number(shown.getAttribute('data-board')));
    for (var k = 0; k < steps.length; k++) steps[k].hidden = k !== n;
    if (current >= 0 && items[current]) items[current].removeAttribute('aria-current');
    current = n;
    if (items[n]) { items[n].setAttribute('aria-current', 'step'); keepInView(items[n]); }
    prev.disabled = n === 0;
    next.disabled = n === steps.length - 1;
    counter.textContent = steps[n].getAttribute('data-title');
    try { history.replaceState(null, '', '#step-' + n); } catch (e) {}
    focusMarks();
  }
  prev.addEventListener('click', function () { show(current - 1); });
  next.addEventListener('click', function () { show(current + 1); });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown' || e.key === 'PageDown') { show(current + 1); e.preventDefault(); }
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp' || e.key === 'PageUp') { show(current - 1); e.preventDefault(); }
    else if (e.key === 'Home') { show(0); e.preventDefault(); }
    else if (e.key === 'End') { show(steps.length - 1); e.preventDefault(); }
  });
  for (var i = 0; i < items.length; i++) {
    (function (n) { items[n].addEventListener('click', function (e) { e.preventDefault(); show(n); }); })(i);
  }
  // A step's views: one board per chain, all chains at once, one board per nested proof.
  function showView(step, k) {
    var views = step.querySelectorAll('.board');
    if (k < 0) k = views.length - 1;
    if (k >= views.length) k = 0;
    for (var v = 0; v < views.length; v++) {
      if (v === k && !views[v].firstChild) views[v].innerHTML = unpackBoard(boards, Number(views[v].getAttribute('data-board')));
      views[v].hidden = v !== k;
    }
    step.setAttribute('data-view', k);
    var label = step.querySelector('.view-label');
    if (label) label.textContent = views[k].getAttribute('data-label');
    var pressers = step.querySelectorAll('[data-show]');
    for (var p = 0; p < pressers.length; p++) pressers[p].setAttribute('aria-pressed', Number(pressers[p].getAttribute('data-show')) === k ? 'true' : 'false');
    var lines = step.querySelectorAll('.chains li');
    for (var l = 0; l < lines.length; l++) lines[l].className = l === k ? 'current' : '';
    focusMarks();
  }
  function currentView(step) { return Number(step.getAttribute('data-view') || 0); }
  document.addEventListener('click', function (e) {
    var target = e.target.closest ? e.target.closest('[data-show],[data-step-view]') : null;
    if (!target) return;
    var step = target.closest('.step');
    if (target.hasAttribute('data-show')) showView(step, Number(target.getAttribute('data-show')));
    else showView(step, currentView(step) + Number(target.getAttribute('data-step-view')));
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || current < 0) return;
    var step = steps[current];
    if (step.querySelectorAll('.board').length < 2) return;
    if (e.key === 'c' || e.key === ']') showView(step, currentView(step) + 1);
    else if (e.key === 'C' || e.key === '[') showView(step, currentView(step) - 1);
    else if (e.key === 'a' || e.key === 'A') { var all = step.querySelector('.board[data-all]'); if (all) showView(step, Number(all.getAttribute('data-index'))); }
  });
  var m = /^#(?:step|s)-(\\d+)$/.exec(location.hash);
  show(m ? Math.min(Number(m[1]), steps.length - 1) : 0);
  // #step-N names no element (sections are #s-N, for reading without the script), so opening
  // a step's address shows the summary and the buttons, not a jump down the page.
})();`;

function ratingText(grade: Grade): string {
  return `${grade.lowerBound ? '≥' : ''}${grade.rating.toFixed(1)}`;
}

/** A nested proof with its depth, depth first. */
interface ProofLine {
  depth: number;
  chain: ChainData;
}

/** The nested proofs under chains, depth first, with their depth. */
function proofLines(chains: readonly ChainData[], depth: number, out: ProofLine[]): void {
  for (const chain of chains) {
    for (const node of chain.nodes) {
      if (!node.proof || node.proof.length === 0) continue;
      for (const proof of node.proof) {
        out.push({ depth, chain: proof });
        proofLines([proof], depth + 1, out);
      }
    }
  }
}

/** One board of a step: the step's only one, one chain, all chains, or a nested proof. */
interface StepView {
  svg: string;
  label: string;
  all?: boolean;
}

interface PageStep {
  title: string;
  listLabel: string;
  difficulty?: number;
  views: StepView[];
  textHtml: string;
  technique: string;
}

/** Nested proofs drawn as boards of their own; past this, they are listed only (the page stays light). */
const MAX_PROOF_BOARDS = 24;

const LEGEND =
  '<p class="legend">Yellow: the pattern. Green cell: placed. Crossed out in red: removed. Arrows: solid = strong link (if the tail is false, the head is true), dashed = weak link (if the tail is true, the head is false); green discs are assumed true, blue ones false. Each chain has its own colour.</p>';

const WING_LEGEND = '<p class="legend">Orange: the pivot; blue: the pincers; orange lines: the digit each pincer shares with the pivot. Crossed out in red: removed.</p>';
const FISH_LEGEND = '<p class="legend">Green bands: the base lines, where the digit is confined; dashed blue outlines: the cover lines it is removed from. Crossed out in red: removed.</p>';

/** The rules a page's boards are drawn under: null for classic (the classic drawing). */
type PageRules = Rules | null;

function boardSvg(rules: PageRules, givens: Grid, board: Board | null, size: number, title: string, step?: Step, extra: { chain?: number; shapes?: Shape[] } = {}): string {
  const picture = board ? { givens, values: board.values, candidates: board.candidates } : { givens };
  const options = {
    size,
    title,
    layers: { coordinates: true },
    ...(step ? { step } : {}),
    ...(extra.chain === undefined ? {} : { chain: extra.chain }),
    ...(extra.shapes ? { shapes: extra.shapes } : {}),
  };
  // Other sizes and Samurai (the general grader's steps): their own drawing of a step.
  if (rules && isGeneralRules(rules)) return drawGeneralStep({ rules, ...picture }, { size, title, coordinates: true, ...(step ? { step } : {}), ...(extra.chain === undefined ? {} : { chain: extra.chain }) });
  return rules ? drawVariantStep({ rules, ...picture }, options) : drawBoard(picture, options);
}

/** A swatch of a chain's colour, for its button and its line. */
function swatch(chain: number): string {
  const colours = COLOR_THEME.chains;
  return `<span class="swatch" style="background:${colours[chain % colours.length]}"></span>`;
}

/**
 * The boards of a step and the text that goes with them: a step with several chains shows one
 * chain at a time (each in its colour, "chain 1 of 3"), then all at once; each nested proof opens
 * as a board of its own (the proof as a chain, on the board the step starts from).
 */
function stepViews(rules: PageRules, givens: Grid, snapshot: Board, size: number, title: string, step: Step): { views: StepView[]; chainsHtml: string } {
  // Other sizes and Samurai name their chains' cells in their own frame.
  const formatChain = rules && isGeneralRules(rules) ? (chain: ChainData) => formatGeneralChain(chain, rules) : formatChain9;
  const chains = step.chains ?? [];
  if (chains.length === 0) return { views: [{ svg: boardSvg(rules, givens, snapshot, size, title, step), label: '' }], chainsHtml: '' };
  const views: StepView[] = [];
  const many = chains.length > 1;
  chains.forEach((_, i) => {
    const label = many ? `Chain ${i + 1} of ${chains.length}` : 'The chain';
    views.push({ svg: boardSvg(rules, givens, snapshot, size, `${title}: ${label.toLowerCase()}`, step, { chain: i }), label });
  });
  if (many) views.push({ svg: boardSvg(rules, givens, snapshot, size, `${title}: all chains`, step), label: `All ${chains.length} chains`, all: true });
  const found: ProofLine[] = [];
  proofLines(chains, 0, found);
  // Chains that share a link share its proof: each proof once.
  const seen = new Set<string>();
  const proofs = found.filter((p) => {
    const key = `${p.depth}:${formatChain(p.chain)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const proofItems = proofs.map((p, k) => {
    let button = '';
    if (k < MAX_PROOF_BOARDS) {
      const label = `Nested proof ${k + 1} of ${proofs.length}`;
      // The proof alone: its chain on the board, none of the step's marks.
      const proofStep: Step = { technique: 'nested-proof', difficulty: step.difficulty, placements: [], eliminations: [], pattern: { cells: [], digits: [], units: [] }, chains: [p.chain] };
      button = `<button type="button" data-show="${views.length}" aria-pressed="false">board</button>`;
      views.push({ svg: boardSvg(rules, givens, snapshot, size, `${title}: ${label.toLowerCase()}`, proofStep), label });
    }
    return `<li style="margin-left:${p.depth * 14}px">${button}<code>${escapeHtml(formatChain(p.chain))}</code></li>`;
  });
  const main = chains
    .map((chain, i) => `<li${i === 0 ? ' class="current"' : ''}>${many ? `<button type="button" data-show="${i}" aria-pressed="${i === 0}">${swatch(i)}chain ${i + 1}</button>` : ''}<code>${escapeHtml(formatChain(chain))}</code></li>`)
    .join('');
  let html = `<ol class="chains">${main}</ol>`;
  if (proofs.length > 0) {
    html += `<details class="proofs"><summary>Nested proofs (${proofs.length}): each opens as its own board</summary><ul>${proofItems.join('')}</ul></details>`;
  }
  return { views, chainsHtml: html };
}

function legendOf(step: Step): string {
  if (step.chains && step.chains.length > 0) return LEGEND;
  if (step.technique === 'xy-wing' || step.technique === 'xyz-wing') return WING_LEGEND;
  if (step.technique === 'x-wing' || step.technique === 'swordfish' || step.technique === 'jellyfish') return FISH_LEGEND;
  return '';
}

/** What the board's own marks mean under the rules (none for classic). */
function rulesLegend(rules: PageRules): string {
  if (!rules) return '';
  const parts: string[] = [];
  const range = `1 to ${digitName(rules.size)}`;
  if (!rules.boxShape) parts.push(`heavy lines: the regions (each holds ${range} once)`);
  const kinds = new Set(rules.houseKinds.filter((kind) => kind !== 'row' && kind !== 'column' && kind !== 'box' && kind !== 'region'));
  if (rules.grids.length > 1) parts.push(`five grids sharing their corner boxes: each row, column and box of each grid holds ${range} once`);
  if (kinds.has('diagonal')) parts.push(`grey diagonals: each holds ${range} once`);
  if (kinds.has('window') || kinds.has('asterisk') || kinds.has('centre-dot') || kinds.has('extra')) parts.push(`tinted cells: extra houses, each holds ${range} once`);
  if (kinds.has('disjoint')) parts.push('grey dots: cells whose dots sit alike (same place in their boxes) hold 1 to 9 once');
  if (rules.cages.length > 0) parts.push('dashed cages: different digits, adding up to the small sum');
  if (rules.startMasks !== null) {
    const of = (first: number) => (rules.size <= 9 ? Array.from({ length: Math.floor((rules.size - first) / 2) + 1 }, (_, k) => first + 2 * k).join(', ') : `${first}, ${first + 2}, ${first + 4}...`);
    parts.push(`grey circles: odd digits (${of(1)}); grey squares: even digits (${of(2)})`);
  }
  return parts.length === 0 ? '' : `<p class="legend">The board: ${escapeHtml(parts.join('; '))}.</p>`;
}

function pageSteps(rules: PageRules, geometry: Geometry | undefined, givens: Grid, steps: readonly Step[], size: number): PageStep[] {
  const out: PageStep[] = [];
  // Other sizes and Samurai: the general grader's board, steps and texts (src/grader/general).
  const general = rules && isGeneralRules(rules) ? rules : null;
  const board = general ? generalBoard(general, givens) : boardFromGrid(givens, geometry);
  const total = steps.length;
  out.push({
    title: 'Start',
    listLabel: 'Start',
    views: [{ svg: boardSvg(rules, givens, null, size, 'The puzzle'), label: '' }],
    textHtml: `<h2>The puzzle</h2><p class="line">${countGivens(givens)} givens. Step through the solution with the buttons, the arrow keys or the list.</p>${rulesLegend(rules)}`,
    technique: 'start',
  });
  steps.forEach((step, i) => {
    const n = i + 1;
    const name = stepTechniqueName(step, rules?.houseKinds);
    const snapshot = cloneBoard(board);
    const title = `Step ${n} of ${total}: ${name}`;
    const { views, chainsHtml } = stepViews(rules, givens, snapshot, size, title, step);
    const text =
      `<h2><span class="difficulty">${step.difficulty.toFixed(1)}</span>${escapeHtml(name)}</h2>` +
      `<p class="line">${escapeHtml(general ? describeGeneralStep(step, general) : describeStep(step, geometry))}</p>${chainsHtml}${legendOf(step)}${rulesLegend(rules)}`;
    out.push({ title, listLabel: name, difficulty: step.difficulty, views, textHtml: text, technique: step.technique });
    if (general) applyGeneralStep(board, shapeOf(general), step);
    else applyStep(board, step, geometry);
  });
  out.push({
    title: 'Solved',
    listLabel: 'Solved',
    views: [{ svg: boardSvg(rules, givens, board, size, 'Solved'), label: '' }],
    textHtml: `<h2>Solved</h2><p class="line">Every cell is filled after ${total} ${total === 1 ? 'step' : 'steps'}.</p>`,
    technique: 'solved',
  });
  return out;
}

function countGivens(grid: Grid): number {
  let n = 0;
  for (let cell = 0; cell < grid.length; cell++) if (grid[cell] !== 0) n++;
  return n;
}

function stepsHtml(steps: readonly PageStep[], zoomable: boolean): string {
  // The boards are packed (see board-pack.ts) and drawn by the script when their step is shown.
  const packer = new BoardPacker();
  const sections = steps
    .map((s, i) => {
      const boards = s.views
        .map((v, k) => {
          const cls = k === 0 ? 'board board-plain' : v.all ? 'board board-all' : 'board';
          return `<div class="${cls}" data-board="${packer.add(v.svg)}" data-index="${k}" data-label="${escapeHtml(v.label)}"${v.all ? ' data-all=""' : ''}${k === 0 ? '' : ' hidden'}></div>`;
        })
        .join('');
      const bar =
        s.views.length < 2
          ? ''
          : `<div class="views"><button type="button" data-step-view="-1" aria-label="Previous chain">&#8249;</button><span class="view-label" aria-live="polite">${escapeHtml(s.views[0]!.label)}</span>` +
            `<button type="button" data-step-view="1" aria-label="Next chain">&#8250;</button>` +
            (s.views.some((v) => v.all) ? `<button type="button" data-show="${s.views.findIndex((v) => v.all)}" aria-pressed="false">all at once</button>` : '') +
            '<span class="legend">keys: C next, Shift+C previous, A all</span></div>';
      return `<section class="step" id="s-${i}" data-step="${i}" data-technique="${escapeHtml(s.technique)}" data-title="${escapeHtml(s.title)}"><div class="boards">${bar}${boards}</div><div class="text">${s.textHtml}</div></section>`;
    })
    .join('\n');
  const list = steps
    .map(
      (s, i) =>
        `<li><a href="#s-${i}"><span class="d">${s.difficulty === undefined ? '' : s.difficulty.toFixed(1)}</span>` +
        `<span class="n">${i === 0 || i === steps.length - 1 ? '' : `${i}.`}</span><span class="name">${escapeHtml(s.listLabel)}</span></a></li>`,
    )
    .join('');
  const controls = `<div class="controls"><button id="prev" type="button" aria-label="Previous step">&#8592; Previous</button><button id="next" type="button" aria-label="Next step">Next &#8594;</button><span class="counter" id="counter" aria-live="polite"></span>${zoomable ? '<button id="zoom" class="zoom" type="button">Whole board</button>' : ''}<span class="keys">keys: &#8592; &#8594; Home End</span></div>`;
  const noScript = '<noscript><p class="note">The boards are drawn by the page\'s script: allow scripts to see them (the steps\' texts are below).</p></noscript>';
  return `${noScript}<div class="layout"><div class="stage">${controls}${sections}</div><nav class="list" aria-label="Steps"><ol>${list}</ol></nav></div>\n<script type="text/plain" id="boards">${packer.text()}</script>`;
}

function linksHtml(links: ExplainPageOptions['links']): string {
  if (!links) return '';
  links = ownOptions(links, ['index', 'previous', 'next'], 'explain page links');
  const parts: string[] = [];
  if (links.index) parts.push(`<a href="${escapeHtml(links.index)}">All puzzles</a>`);
  if (links.previous) parts.push(`<a href="${escapeHtml(links.previous)}">&#8592; Previous puzzle</a>`);
  if (links.next) parts.push(`<a href="${escapeHtml(links.next)}">Next puzzle &#8594;</a>`);
  return parts.length === 0 ? '' : `<p class="pages">${parts.join('')}</p>`;
}

/**
 * The line under the page's title: label, the rules in a few words (a variant's name, its cages
 * and odd/even cells), the givens (81 characters; "no givens" for a killer without any, rather
 * than 81 dots), the source.
 */
function subtitle(input: ExplainPageInput, grid: Grid): string {
  const parts: string[] = [];
  if (input.label !== undefined && input.label !== '') parts.push(input.label);
  const rules = input.rules !== undefined && !isClassic9(input.rules) ? input.rules : null;
  if (rules !== null) parts.push(rulesSummary(rules));
  if (rules !== null && grid.every((digit) => digit === 0)) parts.push('no givens');
  else parts.push(rules !== null && isGeneralRules(rules) ? formatValues(rules, grid) : formatGrid(grid));
  if (input.source !== undefined) parts.push(input.source);
  return parts.join(' · ');
}

/** `killer, 29 cages`, `oddeven, 7 odd and 5 even cells`, `jigsaw`... */
function rulesSummary(rules: Rules): string {
  const words = [rules.variant];
  if (rules.cages.length > 0) words.push(`${rules.cages.length} ${rules.cages.length === 1 ? 'cage' : 'cages'}`);
  const odd = rules.spec.odd?.length ?? 0;
  const even = rules.spec.even?.length ?? 0;
  if (odd + even > 0) words.push(`${odd} odd and ${even} even ${even === 1 ? 'cell' : 'cells'}`);
  return words.join(', ');
}

/**
 * A self-contained page explaining a puzzle step by step: every step's board (pattern, struck
 * candidates, chains as arrows) with the text `explain` prints, previous / next buttons, arrow
 * keys and a list of steps; nested proofs of forcing chains open on demand. A puzzle with no
 * solution, several, or conflicting givens gets a page that says so. All input text is escaped.
 */
export function explainPage(input: ExplainPageInput, options: ExplainPageOptions = {}): ExplainPage {
  options = ownOptions(options, optionKeys<ExplainPageOptions>({ uniqueness: true, boardSize: true, links: true }), 'explain page');
  input = ownCopy(input);
  const grid = givensOf(input);
  const rules: PageRules = input.rules !== undefined && !isClassic9(input.rules) ? input.rules : null;
  const size = options.boardSize ?? 720;
  const title = input.label !== undefined && input.label !== '' ? `Sudoku explained: ${input.label}` : 'Sudoku explained';
  const links = linksHtml(options.links);
  const conflict = givenConflict(rules, grid);
  if (conflict) {
    const message = `The givens conflict: ${conflict.reason}. A puzzle with conflicting givens has no solution.`;
    const shapes: Shape[] = conflict.cells.map((cell) => ({ kind: 'cell', cell, brush: 'elimination' }));
    const body = `${links}<p class="note error">${escapeHtml(message)}</p><div class="board" style="max-width:460px;margin-top:14px">${boardSvg(rules, grid, null, size, 'The puzzle', undefined, { shapes })}</div>`;
    return { html: htmlDocument({ title, subtitle: subtitle(input, grid), style: STYLE, body }), outcome: { status: 'invalid', message } };
  }
  let result: { grade: Grade; steps: Step[] };
  try {
    result = gradeWithPath(rules ? { rules, givens: grid } : grid, { uniqueness: options.uniqueness ?? true });
  } catch (error) {
    if (!(error instanceof GradeError)) throw error;
    const status = error.code === 'NO_SOLUTION' ? 'none' : error.code === 'MULTIPLE_SOLUTIONS' ? 'multiple' : 'invalid';
    const message =
      status === 'none'
        ? 'This puzzle has no solution: some cell runs out of digits whatever one does, so there is nothing to explain.'
        : status === 'multiple'
          ? 'This puzzle has several solutions, so it cannot be solved by logic alone: at some point a choice is a guess. A proper puzzle has exactly one. (explain --no-uniqueness walks it anyway.)'
          : error.message;
    const body = `${links}<p class="note error">${escapeHtml(message)}</p><div class="board" style="max-width:460px;margin-top:14px">${boardSvg(rules, grid, null, size, 'The puzzle')}</div>`;
    return { html: htmlDocument({ title, subtitle: subtitle(input, grid), style: STYLE, body }), outcome: { status, message } };
  }
  return pathPage(input, grid, rules, result, options, title, links);
}

/**
 * The givens of a page's puzzle: 81 cells (classic and 9x9 rules, checked by toGrid), or one digit
 * per cell of other rules (other sizes, Samurai: `{ rules, givens }` as the general grader takes it).
 */
function givensOf(input: ExplainPageInput): Grid {
  const rules = input.rules;
  if (rules === undefined || !isGeneralRules(rules) || typeof input.puzzle === 'string') return toGrid(input.puzzle);
  const givens = Uint8Array.from(input.puzzle as ArrayLike<number>, (v) => v ?? 0);
  if (givens.length !== rules.cellCount) throw new PuzzleFormatError('CELL_COUNT', `expected ${rules.cellCount} cells, found ${givens.length}`, { source: 'grid', line: 0 });
  return givens;
}

/** Givens that break a rule on their own (two 5s in a house...): classic wording for classic rules. */
function givenConflict(rules: PageRules, grid: Grid): { cells: readonly number[]; reason: string } | null {
  if (rules) return findGivenConflict(rules, grid);
  const conflict = findConflict(grid);
  return conflict ? { cells: conflict.cells, reason: describeConflict(conflict) } : null;
}

/** A puzzle under any 9x9 rules and its solving path, to show as a page (see {@link explainPathPage}). */
export interface ExplainPathInput extends ExplainPageInput {
  /** The grade of the puzzle and the steps of its path, as the grader gives them. */
  grade: Grade;
  steps: readonly Step[];
}

/**
 * The page of {@link explainPage} from a solving path already found (the grader's steps under the
 * puzzle's rules): every board drawn under the rules (regions, diagonals, extra houses, disjoint
 * groups, cages) with each step's marks over them. The CLI's `explain --html` for a variant puzzle
 * grades it under its rules and passes the path here.
 *
 * @example explainPathPage({ puzzle: givens, rules, ...gradeWithPath(givens, { rules }) })
 * @throws DrawError for rules that are not 9x9.
 */
export function explainPathPage(input: ExplainPathInput, options: ExplainPageOptions = {}): ExplainPage {
  options = ownOptions(options, optionKeys<ExplainPageOptions>({ uniqueness: true, boardSize: true, links: true }), 'explain page');
  input = ownCopy(input);
  const grid = givensOf(input);
  const title = input.label !== undefined && input.label !== '' ? `Sudoku explained: ${input.label}` : 'Sudoku explained';
  const rules = input.rules !== undefined && !isClassic9(input.rules) ? input.rules : null;
  return pathPage(input, grid, rules, { grade: input.grade, steps: [...input.steps] }, options, title, linksHtml(options.links));
}

function pathPage(input: ExplainPageInput, grid: Grid, rules: PageRules, result: { grade: Grade; steps: Step[] }, options: ExplainPageOptions, title: string, links: string): ExplainPage {
  const size = options.boardSize ?? 720;
  const { grade, steps } = result;
  const guesses = grade.guesses === 0 ? 'no guess' : `${grade.guesses} ${grade.guesses === 1 ? 'guess' : 'guesses'}`;
  const summary =
    `<div class="summary" id="summary"><span class="rating" title="Sudoku Explainer rating: the hardest step">${ratingText(grade)}</span>${levelBadge(grade.level)}` +
    `<span>hardest: <b>${escapeHtml(techniqueNameIn(grade.hardest, rules?.houseKinds))}</b></span><span>${grade.steps} steps, ${guesses}</span></div>` +
    (grade.unique ? '' : '<p class="note">This puzzle has several solutions; it is explained without the techniques that assume a unique one.</p>');
  // A 12x12, 16x16 or Samurai board gets more room: its pencil marks are small (on a phone, zoomed).
  const wide = rules !== null && rules.width > 9;
  const stepsPart = stepsHtml(pageSteps(rules, rules && !isGeneralRules(rules) ? geometryOf(rules) : undefined, grid, steps, size), wide);
  const body = `${links}${summary}${wide ? `<div class="wide zoomed">${stepsPart}</div>` : stepsPart}`;
  return {
    html: htmlDocument({ title, subtitle: subtitle(input, grid), style: STYLE, body, script: SCRIPT }),
    outcome: { status: 'graded', grade, steps: steps.length },
  };
}

/** One row of a folder's index page. */
export interface ExplainIndexEntry {
  href: string;
  label?: string;
  source?: string;
  puzzle: string;
  /** The variant's name (jigsaw, X...), shown beside the puzzle; absent for classic. */
  variant?: string;
  /** The kinds of the puzzle's houses (its rules' `houseKinds`), to name its hardest step as they make it ("Hidden single (region)"); absent: the registry's names. */
  houseKinds?: readonly HouseKind[];
  outcome: ExplainOutcome;
}

/** The index of a folder of explain pages: one row per puzzle with its rating, level and link. */
export function explainIndexPage(entries: readonly ExplainIndexEntry[], title = 'Sudoku explained'): string {
  const rows = entries
    .map((e, i) => {
      const o = e.outcome;
      const rating = o.status === 'graded' ? ratingText(o.grade) : '';
      const level = o.status === 'graded' ? levelBadge(o.grade.level) : escapeHtml(o.status === 'multiple' ? 'several solutions' : o.status === 'none' ? 'no solution' : 'invalid');
      const hardest = o.status === 'graded' ? escapeHtml(techniqueNameIn(o.grade.hardest, e.houseKinds)) : '';
      const name = e.label !== undefined && e.label !== '' ? escapeHtml(e.label) : `<span class="mono">${escapeHtml(e.puzzle)}</span>`;
      // The variant first, where it is seen: a variant line (a jigsaw's givens and layout) is long.
      const variant = e.variant === undefined ? '' : `<span class="variant">${escapeHtml(e.variant)}</span> `;
      return `<tr><td class="num">${i + 1}</td><td class="puzzle">${variant}<a href="${escapeHtml(e.href)}">${name}</a></td><td class="num">${rating}</td><td>${level}</td><td>${hardest}</td><td class="mono">${escapeHtml(e.source ?? '')}</td></tr>`;
    })
    .join('\n');
  const body = `<table><thead><tr><th class="num">#</th><th>puzzle</th><th class="num">rating</th><th>level</th><th>hardest step</th><th>from</th></tr></thead><tbody>${rows}</tbody></table>`;
  // On a phone the table scrolls sideways in its box, the page does not (a puzzle's 81 characters stay on one line).
  const style = '.table-scroll { overflow-x: auto; } td.puzzle { white-space: nowrap; }';
  return htmlDocument({ title, subtitle: `${entries.length} ${entries.length === 1 ? 'puzzle' : 'puzzles'}`, style, body: `<div class="table-scroll">${body}</div>` });
}
