import { ownOptions } from '../core/errors.js';
import type { Grade } from '../grader/grade.js';
import { GUESS_DIFFICULTY, LEVELS, levelOf } from '../grader/levels.js';
import { techniqueById } from '../techniques/registry.js';
import { namedByHouses, techniqueNameIn } from '../grader/technique-names.js';
import type { HouseKind } from '../rules/types.js';
import { escapeHtml, htmlDocument, LEVEL_COLORS, levelBadge } from './html.js';

/** A puzzle as the report remembers it (only the slowest, guessed and bounded ones are kept). */
export interface ReportPuzzle {
  puzzle: string;
  source: string;
  line: number;
  label?: string;
  /** The variant (jigsaw, X, windoku...), absent for classic. */
  variant?: string;
  /** The kinds of its rules' houses, to name its hardest step as they make it ("Hidden single (region)"); absent: the registry's names. */
  houseKinds?: readonly HouseKind[];
  rating: number;
  lowerBound: boolean;
  level: string;
  hardest: string;
  guesses: number;
  /** Grading time in milliseconds, when measured. */
  ms?: number;
}

/** The numbers of a batch report: what the page and the terminal table show. */
export interface ReportStats {
  /** Records read (graded, not graded and unreadable). */
  total: number;
  graded: number;
  /** Not graded, by reason: `invalid` (unreadable or conflicting), `none`, `multiple`. */
  notGraded: Record<'invalid' | 'none' | 'multiple', number>;
  /** Graded puzzles per 0.1-wide rating bin (tenths, e.g. 26 for 2.6); guessed ones are in `guessed`. */
  bins: Map<number, number>;
  /** Graded puzzles per level, in level order. */
  levels: { level: string; count: number }[];
  /** Per technique: puzzles that needed it at least once, and its steps in all. */
  techniques: { id: string; name: string; difficulty: number; puzzles: number; steps: number }[];
  /** Puzzles whose path needed a guess (the first KEEP of them listed) and their count. */
  guessed: { count: number; puzzles: ReportPuzzle[] };
  /** Puzzles whose rating is a lower bound (a search hit its bound, or --max-rating). */
  bounded: { count: number; puzzles: ReportPuzzle[] };
  /** The slowest puzzles to grade, slowest first (when times were measured). */
  slowest: ReportPuzzle[];
  ratings: { min: number; median: number; max: number } | null;
  /**
   * Per variant (`classic` for classic puzzles), in order of first appearance: records read,
   * graded, and the graded ones' ratings. Empty when every puzzle is classic.
   */
  variants: { variant: string; total: number; graded: number; ratings: { min: number; median: number; max: number } | null }[];
}

/** Ratings counted in tenths: for a median without keeping every rating. */
class RatingTally {
  private readonly tenths = new Map<number, number>();
  count = 0;

  add(rating: number): void {
    const tenth = Math.round(rating * 10);
    this.tenths.set(tenth, (this.tenths.get(tenth) ?? 0) + 1);
    this.count++;
  }

  summary(): { min: number; median: number; max: number } | null {
    if (this.count === 0) return null;
    const keys = [...this.tenths.keys()].sort((a, b) => a - b);
    let seen = 0;
    let median = keys[0]!;
    for (const key of keys) {
      seen += this.tenths.get(key)!;
      if (seen * 2 >= this.count) {
        median = key;
        break;
      }
    }
    return { min: keys[0]! / 10, median: median / 10, max: keys[keys.length - 1]! / 10 };
  }
}

/** How many puzzles each list keeps. */
const KEEP = 50;
const SLOWEST = 10;

function techniqueName(id: string, houseKinds?: readonly HouseKind[]): string {
  return id === 'unknown' ? 'unknown (stopped by --max-rating)' : techniqueNameIn(id, houseKinds);
}

function kindsOf(seen: Set<HouseKind> | null | undefined): readonly HouseKind[] | undefined {
  return seen == null ? undefined : [...seen];
}

/** Collects grades one at a time in constant memory (counts, and the few puzzles worth listing). */
export class ReportCollector {
  private total = 0;
  private readonly notGraded = { invalid: 0, none: 0, multiple: 0 };
  private readonly bins = new Map<number, number>();
  private readonly levelCounts = new Map<string, number>();
  private readonly techniquePuzzles = new Map<string, number>();
  private readonly techniqueSteps = new Map<string, number>();
  /** For the techniques named by the houses of the rules (namedByHouses): the house kinds of the puzzles that used them; null once one came without its kinds. */
  private readonly techniqueKinds = new Map<string, Set<HouseKind> | null>();
  private readonly guessed: ReportPuzzle[] = [];
  private guessedCount = 0;
  private readonly bounded: ReportPuzzle[] = [];
  private boundedCount = 0;
  private slowest: ReportPuzzle[] = [];
  private readonly ratings = new RatingTally();
  private graded = 0;
  /** Per variant name: records read and the graded ones' ratings. */
  private readonly variants = new Map<string, { total: number; ratings: RatingTally }>();

  private countVariant(variant: string | undefined): RatingTally {
    const name = variant ?? 'classic';
    let entry = this.variants.get(name);
    if (entry === undefined) this.variants.set(name, (entry = { total: 0, ratings: new RatingTally() }));
    entry.total++;
    return entry.ratings;
  }

  /** A graded puzzle (`variant`: its variant's name, absent for classic; `houseKinds`: its rules' house kinds, for naming techniques). */
  addGrade(where: { puzzle: string; source: string; line: number; label?: string | undefined; variant?: string | undefined; houseKinds?: readonly HouseKind[] | undefined }, grade: Grade, ms?: number): void {
    this.total++;
    this.graded++;
    this.countVariant(where.variant).add(grade.rating);
    const entry: ReportPuzzle = {
      puzzle: where.puzzle,
      source: where.source,
      line: where.line,
      rating: grade.rating,
      lowerBound: grade.lowerBound,
      level: grade.level,
      hardest: grade.hardest,
      guesses: grade.guesses,
    };
    if (where.label !== undefined) entry.label = where.label;
    if (where.variant !== undefined) entry.variant = where.variant;
    if (where.houseKinds !== undefined) entry.houseKinds = where.houseKinds;
    if (ms !== undefined) entry.ms = ms;
    const tenth = Math.round(grade.rating * 10);
    this.ratings.add(grade.rating);
    if (grade.guesses > 0) {
      this.guessedCount++;
      if (this.guessed.length < KEEP) this.guessed.push(entry);
    } else {
      this.bins.set(tenth, (this.bins.get(tenth) ?? 0) + 1);
    }
    if (grade.lowerBound) {
      this.boundedCount++;
      if (this.bounded.length < KEEP) this.bounded.push(entry);
    }
    this.levelCounts.set(grade.level, (this.levelCounts.get(grade.level) ?? 0) + 1);
    for (const [id, steps] of Object.entries(grade.counts)) {
      this.techniquePuzzles.set(id, (this.techniquePuzzles.get(id) ?? 0) + 1);
      this.techniqueSteps.set(id, (this.techniqueSteps.get(id) ?? 0) + steps);
      if (namedByHouses(id)) this.addKinds(id, where.houseKinds);
    }
    if (ms !== undefined && (this.slowest.length < SLOWEST || ms > this.slowest[this.slowest.length - 1]!.ms!)) {
      this.slowest.push(entry);
      this.slowest.sort((a, b) => b.ms! - a.ms!);
      if (this.slowest.length > SLOWEST) this.slowest.length = SLOWEST;
    }
  }

  private addKinds(id: string, houseKinds: readonly HouseKind[] | undefined): void {
    const seen = this.techniqueKinds.get(id);
    if (seen === null) return;
    if (!Array.isArray(houseKinds)) this.techniqueKinds.set(id, null);
    else if (seen === undefined) this.techniqueKinds.set(id, new Set(houseKinds));
    else for (const kind of houseKinds) seen.add(kind);
  }

  /**
   * A record that was not graded. `puzzle`: the puzzle when it was read (counted under its
   * variant, classic when absent); none for an unreadable record.
   */
  addFailure(reason: 'invalid' | 'none' | 'multiple', puzzle?: { variant?: string | undefined }): void {
    this.total++;
    if (puzzle !== undefined) this.countVariant(puzzle.variant);
    this.notGraded[reason]++;
  }

  stats(): ReportStats {
    const techniques = [...this.techniquePuzzles.entries()]
      .map(([id, puzzles]) => ({ id, name: techniqueName(id, kindsOf(this.techniqueKinds.get(id))), difficulty: techniqueById(id)?.difficulty ?? (id === 'guess' ? GUESS_DIFFICULTY : 99), puzzles, steps: this.techniqueSteps.get(id) ?? 0 }))
      .sort((a, b) => a.difficulty - b.difficulty || a.id.localeCompare(b.id));
    return {
      total: this.total,
      graded: this.graded,
      notGraded: { ...this.notGraded },
      bins: new Map([...this.bins.entries()].sort((a, b) => a[0] - b[0])),
      levels: LEVELS.map((row) => ({ level: row.level, count: this.levelCounts.get(row.level) ?? 0 })),
      techniques,
      guessed: { count: this.guessedCount, puzzles: [...this.guessed] },
      bounded: { count: this.boundedCount, puzzles: [...this.bounded] },
      slowest: [...this.slowest],
      ratings: this.ratings.summary(),
      variants:
        [...this.variants.keys()].some((name) => name !== 'classic')
          ? [...this.variants.entries()].map(([variant, v]) => ({ variant, total: v.total, graded: v.ratings.count, ratings: v.ratings.summary() }))
          : [],
    };
  }
}

function percent(count: number, of: number): string {
  return of === 0 ? '0%' : `${((count * 100) / of).toFixed(1)}%`;
}

function ratingText(p: ReportPuzzle): string {
  return `${p.lowerBound ? '≥' : ''}${p.rating.toFixed(1)}`;
}

/** A "nice" step for an axis that shows about `ticks` ticks up to `max`. */
function niceStep(max: number, ticks: number): number {
  const raw = Math.max(1, max / ticks);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/**
 * The histogram as SVG: one bar per 0.1 bin from the lowest to the highest rating, shaded by the
 * bin's level, and one bar for the puzzles that needed a guess. Each bar carries its count.
 */
export function histogramSvg(stats: ReportStats): string {
  const width = 920;
  const height = 300;
  const left = 48;
  const right = 14;
  const top = 24; // room for the count above the tallest bar
  const bottom = 42;
  const keys = [...stats.bins.keys()];
  const guessBar = stats.guessed.count > 0;
  const first = keys.length > 0 ? Math.min(10, keys[0]!) : 10;
  const last = keys.length > 0 ? Math.max(...keys) : 20;
  const slots = last - first + 1 + (guessBar ? 2 : 0);
  const maxCount = Math.max(1, ...stats.bins.values(), stats.guessed.count);
  const step = niceStep(maxCount, 5);
  const yMax = Math.ceil(maxCount / step) * step;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const slotW = plotW / slots;
  const y = (count: number) => top + plotH - (count / yMax) * plotH;
  // Each bar's count above it, as large as the bar's width allows.
  const countSize = Math.max(7, Math.min(11, slotW * 0.9));
  const countLabel = (x: number, barTop: number, count: number): string =>
    `<text class="count" x="${(x + slotW / 2).toFixed(1)}" y="${(barTop - 3).toFixed(1)}" text-anchor="middle" font-size="${countSize.toFixed(1)}" fill="#3c4043">${count}</text>`;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" class="histogram" role="img" aria-label="Ratings of the graded puzzles, 0.1 wide bins" font-family="system-ui, DejaVu Sans, sans-serif" font-size="11">`);
  for (let v = 0; v <= yMax; v += step) {
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#e8eaed"/>`);
    parts.push(`<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" fill="#5f6368">${v}</text>`);
  }
  for (let tenth = first; tenth <= last; tenth++) {
    const count = stats.bins.get(tenth) ?? 0;
    const x = left + (tenth - first) * slotW;
    if (tenth % 10 === 0 || (last - first < 30 && tenth % 5 === 0)) {
      parts.push(`<line x1="${(x + slotW / 2).toFixed(1)}" x2="${(x + slotW / 2).toFixed(1)}" y1="${top + plotH}" y2="${top + plotH + 4}" stroke="#5f6368"/>`);
      parts.push(`<text x="${(x + slotW / 2).toFixed(1)}" y="${top + plotH + 16}" text-anchor="middle" fill="#5f6368">${(tenth / 10).toFixed(1)}</text>`);
    }
    if (count === 0) continue;
    const level = levelOf(tenth / 10);
    const h = (count / yMax) * plotH;
    parts.push(
      `<rect class="bar" data-bin="${(tenth / 10).toFixed(1)}" data-count="${count}" data-level="${level}" x="${(x + 0.5).toFixed(1)}" y="${(top + plotH - h).toFixed(1)}" width="${Math.max(1, slotW - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="${LEVEL_COLORS[level]}"><title>${(tenth / 10).toFixed(1)}: ${count} ${count === 1 ? 'puzzle' : 'puzzles'} (${level})</title></rect>`,
    );
    parts.push(countLabel(x, top + plotH - h, count));
  }
  if (guessBar) {
    const x = left + (slots - 1) * slotW;
    const h = (stats.guessed.count / yMax) * plotH;
    parts.push(
      `<rect class="bar" data-bin="guess" data-count="${stats.guessed.count}" data-level="extreme" x="${(x + 0.5).toFixed(1)}" y="${(top + plotH - h).toFixed(1)}" width="${Math.max(1, slotW - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="${LEVEL_COLORS['extreme']}" stroke="#000" stroke-dasharray="2 2"><title>needed a guess: ${stats.guessed.count}</title></rect>`,
    );
    parts.push(countLabel(x, top + plotH - h, stats.guessed.count));
    parts.push(`<text x="${(x + slotW).toFixed(1)}" y="${top + plotH + 16}" text-anchor="end" fill="#5f6368">guess</text>`);
  }
  parts.push(`<line x1="${left}" x2="${width - right}" y1="${top + plotH}" y2="${top + plotH}" stroke="#5f6368"/>`);
  parts.push(`<text x="${left + plotW / 2}" y="${height - 6}" text-anchor="middle" fill="#5f6368">rating (Sudoku Explainer scale), 0.1 per bar</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}

const REPORT_STYLE = `
h2 { font-size: 16px; margin: 26px 0 8px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 130px; }
.card b { display: block; font-size: 22px; }
.card span { color: var(--muted); font-size: 12px; }
.histogram { width: 100%; max-width: 920px; height: auto; display: block; }
.legend span { display: inline-flex; align-items: center; gap: 4px; margin-right: 14px; font-size: 12px; color: var(--muted); }
.legend i { display: inline-block; width: 12px; height: 12px; border-radius: 2px; }
.share { display: inline-block; height: 10px; background: #8ab4f8; border-radius: 2px; vertical-align: middle; }
.nowrap { white-space: nowrap; }
td.puzzle { word-break: break-all; min-width: 12em; }
.cols { display: flex; flex-wrap: wrap; gap: 32px; align-items: flex-start; }
.cols > div { min-width: 0; max-width: 100%; }
.fit { max-width: 100%; overflow-x: auto; }
@media (max-width: 600px) {
  main { padding: 12px 10px 24px; }
  header.top { padding: 10px 10px 8px; }
  th, td { padding: 4px 5px; }
  .card { min-width: 0; flex: 1 1 40%; padding: 6px 10px; }
  .share { max-width: 16vw; }
  /* The chart shrinks to some 40% on a phone: its words and numbers grow to stay readable (the bars' counts excepted). */
  .histogram text:not(.count) { font-size: 22px; }
  #techniques th:last-child, #techniques td:last-child { display: none; }
  .cols { gap: 0 32px; }
  /* A puzzle list on a phone: one block per puzzle, its line wrapped, the numbers under it. */
  table.puzzles, table.puzzles tbody, table.puzzles tr, table.puzzles td { display: block; }
  table.puzzles thead { display: none; }
  table.puzzles tr { padding: 6px 0; border-bottom: 1px solid var(--line); }
  table.puzzles td { display: inline-block; border: 0; padding: 1px 10px 1px 0; }
  table.puzzles td.puzzle { display: block; min-width: 0; }
  table.puzzles td.where { display: block; color: var(--muted); }
  table.puzzles td:empty { display: none; }
  table.puzzles td[data-label]::before { content: attr(data-label) " "; color: var(--muted); font-size: 12px; }
}
`;

function puzzleRows(list: readonly ReportPuzzle[], withTime: boolean): string {
  return list
    .map(
      (p) =>
        `<tr><td class="mono where">${escapeHtml(`${p.source}:${p.line}`)}</td><td class="mono puzzle">${escapeHtml(p.puzzle)}${p.variant === undefined ? '' : ` <span class="variant">${escapeHtml(p.variant)}</span>`}</td><td>${escapeHtml(p.label ?? '')}</td><td class="num" data-label="rating">${ratingText(p)}</td><td>${levelBadge(p.level)}</td><td data-label="hardest">${escapeHtml(techniqueName(p.hardest, p.houseKinds))}</td>${withTime ? `<td class="num" data-label="ms">${p.ms === undefined ? '' : p.ms.toFixed(0)}</td>` : ''}</tr>`,
    )
    .join('\n');
}

function puzzleTable(list: readonly ReportPuzzle[], withTime: boolean): string {
  return `<div class="fit"><table class="puzzles"><thead><tr><th>where</th><th>puzzle</th><th>label</th><th class="num">rating</th><th>level</th><th>hardest</th>${withTime ? '<th class="num">ms</th>' : ''}</tr></thead><tbody>${puzzleRows(list, withTime)}</tbody></table></div>`;
}

/** The batch report as a static, self-contained page (inline SVG and CSS, no script). */
export function reportPage(stats: ReportStats, options: { title?: string; subtitle?: string } = {}): string {
  options = ownOptions(options, ['title', 'subtitle'], 'report');
  const g = stats.graded;
  const failed = stats.notGraded.invalid + stats.notGraded.none + stats.notGraded.multiple;
  const cards = [
    ['puzzles', String(stats.total)],
    ['graded', String(g)],
    ['not graded', String(failed)],
    ['median rating', stats.ratings ? stats.ratings.median.toFixed(1) : '-'],
    ['rating range', stats.ratings ? `${stats.ratings.min.toFixed(1)}–${stats.ratings.max.toFixed(1)}` : '-'],
    ['needed a guess', String(stats.guessed.count)],
  ]
    .map(([label, value]) => `<div class="card"><b>${escapeHtml(value!)}</b><span>${escapeHtml(label!)}</span></div>`)
    .join('');
  const legend = LEVELS.map((row, i) => {
    const range = Number.isFinite(row.maxRating) ? `≤ ${row.maxRating.toFixed(1)}` : `> ${LEVELS[i - 1]!.maxRating.toFixed(1)}, or a guess`;
    return `<span><i style="background:${LEVEL_COLORS[row.level]}"></i>${row.level} ${range}</span>`;
  }).join('');
  const maxLevel = Math.max(1, ...stats.levels.map((l) => l.count));
  const levels = `<table id="levels"><thead><tr><th>level</th><th class="num">puzzles</th><th class="num">share</th><th></th></tr></thead><tbody>${stats.levels
    .map((l) => `<tr data-level="${l.level}" data-count="${l.count}"><td>${levelBadge(l.level)}</td><td class="num">${l.count}</td><td class="num">${percent(l.count, g)}</td><td><span class="share" style="width:${Math.round((l.count / maxLevel) * 160)}px;background:${LEVEL_COLORS[l.level]}"></span></td></tr>`)
    .join('')}</tbody></table>`;
  const maxTechnique = Math.max(1, ...stats.techniques.map((t) => t.puzzles));
  const techniques = `<table id="techniques"><thead><tr><th>technique</th><th class="num">from</th><th class="num">puzzles</th><th class="num">share</th><th class="num">steps</th><th></th></tr></thead><tbody>${stats.techniques
    .map((t) => `<tr><td>${escapeHtml(t.name)}</td><td class="num">${t.difficulty < 99 ? t.difficulty.toFixed(1) : ''}</td><td class="num">${t.puzzles}</td><td class="num">${percent(t.puzzles, g)}</td><td class="num">${t.steps}</td><td><span class="share" style="width:${Math.round((t.puzzles / maxTechnique) * 160)}px"></span></td></tr>`)
    .join('')}</tbody></table>`;
  const failures =
    failed === 0
      ? ''
      : `<p class="note">Not graded: ${stats.notGraded.invalid} unreadable or conflicting, ${stats.notGraded.none} with no solution, ${stats.notGraded.multiple} with several solutions.</p>`;
  const variants =
    stats.variants.length === 0
      ? ''
      : `<h2>Variants</h2><div class="fit"><table id="variants"><thead><tr><th>variant</th><th class="num">puzzles</th><th class="num">graded</th><th class="num">median</th><th class="num">range</th></tr></thead><tbody>${stats.variants
          .map(
            (v) =>
              `<tr data-variant="${escapeHtml(v.variant)}" data-count="${v.total}"><td><span class="variant">${escapeHtml(v.variant)}</span></td><td class="num">${v.total}</td><td class="num">${v.graded}</td><td class="num">${v.ratings ? v.ratings.median.toFixed(1) : '-'}</td><td class="num nowrap">${v.ratings ? `${v.ratings.min.toFixed(1)}–${v.ratings.max.toFixed(1)}` : '-'}</td></tr>`,
          )
          .join('')}</tbody></table></div>`;
  const more = (shown: number, count: number) => (count > shown ? `<p>The first ${shown} of ${count}.</p>` : '');
  const sections = [
    `<div class="cards">${cards}</div>`,
    failures,
    variants,
    `<h2>Ratings</h2>${histogramSvg(stats)}<div class="legend">${legend}</div>`,
    `<div class="cols"><div><h2>Puzzles per level</h2><div class="fit">${levels}</div></div><div><h2>Techniques needed</h2><div class="fit">${techniques}</div></div></div>`,
    `<h2>Needed a guess (${stats.guessed.count})</h2>${stats.guessed.count === 0 ? '<p>None: every puzzle was solved by logic alone.</p>' : puzzleTable(stats.guessed.puzzles, false) + more(stats.guessed.puzzles.length, stats.guessed.count)}`,
    `<h2>Rating is a lower bound (${stats.bounded.count})</h2>${stats.bounded.count === 0 ? '<p>None: every search finished within its bound.</p>' : puzzleTable(stats.bounded.puzzles, false) + more(stats.bounded.puzzles.length, stats.bounded.count)}`,
    `<h2>Slowest to grade</h2>${stats.slowest.length === 0 ? '<p>Not measured.</p>' : puzzleTable(stats.slowest, true)}`,
  ];
  return htmlDocument({
    title: options.title ?? 'Sudoku grading report',
    subtitle: options.subtitle ?? `${stats.total} puzzles`,
    style: REPORT_STYLE,
    body: sections.join('\n'),
  });
}

/** A listed puzzle in the terminal table: its line, and its variant in brackets. */
function shown(p: ReportPuzzle): string {
  // A variant line that starts with its tag (`x:`, `windoku:`) names it already.
  return p.variant === undefined || p.puzzle.startsWith(`${p.variant}:`) ? p.puzzle : `${p.puzzle} (${p.variant})`;
}

/** The same numbers as a short plain-text table for a terminal. */
export function statsText(stats: ReportStats): string {
  const g = stats.graded;
  const lines: string[] = [];
  const failed = stats.notGraded.invalid + stats.notGraded.none + stats.notGraded.multiple;
  lines.push(`${stats.total} puzzles: ${g} graded, ${failed} not graded (${stats.notGraded.invalid} invalid, ${stats.notGraded.none} no solution, ${stats.notGraded.multiple} several solutions)`);
  if (stats.ratings) lines.push(`rating: min ${stats.ratings.min.toFixed(1)}, median ${stats.ratings.median.toFixed(1)}, max ${stats.ratings.max.toFixed(1)}`);
  if (stats.variants.length > 0) {
    lines.push('', 'variant          puzzles   graded  median  range');
    for (const v of stats.variants) {
      const r = v.ratings;
      lines.push(`${v.variant.slice(0, 16).padEnd(16)} ${String(v.total).padStart(7)}  ${String(v.graded).padStart(7)}  ${(r ? r.median.toFixed(1) : '-').padStart(6)}  ${r ? `${r.min.toFixed(1)}-${r.max.toFixed(1)}` : '-'}`);
    }
  }
  lines.push('', 'level        puzzles   share');
  for (const l of stats.levels) lines.push(`${l.level.padEnd(12)} ${String(l.count).padStart(7)}  ${percent(l.count, g).padStart(6)}`);
  lines.push('', 'rating  puzzles');
  const maxBin = Math.max(1, ...stats.bins.values(), stats.guessed.count);
  for (const [tenth, count] of stats.bins) lines.push(`${(tenth / 10).toFixed(1).padStart(6)}  ${String(count).padStart(7)}  ${'#'.repeat(Math.max(1, Math.round((count / maxBin) * 40)))}`);
  if (stats.guessed.count > 0) lines.push(`${'guess'.padStart(6)}  ${String(stats.guessed.count).padStart(7)}  ${'#'.repeat(Math.max(1, Math.round((stats.guessed.count / maxBin) * 40)))}`);
  lines.push('', 'technique                                   puzzles   share    steps');
  for (const t of stats.techniques) lines.push(`${t.name.slice(0, 42).padEnd(42)} ${String(t.puzzles).padStart(8)}  ${percent(t.puzzles, g).padStart(6)}  ${String(t.steps).padStart(7)}`);
  lines.push('', `needed a guess: ${stats.guessed.count}`);
  for (const p of stats.guessed.puzzles.slice(0, 5)) lines.push(`  ${p.source}:${p.line}  ${shown(p)}`);
  lines.push(`rating is a lower bound: ${stats.bounded.count}`);
  for (const p of stats.bounded.puzzles.slice(0, 5)) lines.push(`  ${p.source}:${p.line}  ${shown(p)}  ${ratingText(p)}`);
  if (stats.slowest.length > 0) {
    lines.push('slowest to grade:');
    for (const p of stats.slowest.slice(0, 5)) lines.push(`  ${p.source}:${p.line}  ${shown(p)}  ${ratingText(p)}  ${p.ms!.toFixed(0)} ms`);
  }
  return lines.join('\n') + '\n';
}
