/**
 * The variant puzzles rated by SukakuExplainer that the grading benches read: the training set
 * /work/shared/data/variants-train/*.jsonl (jigsaw and X, made by Solo, rated by serate) and the 60
 * windoku puzzles of test/fixtures/variants/windoku-se-rated.txt (our generator's, rated by serate -W);
 * and a held-out set, test/fixtures/variants/solo-heldout-se-rated.txt (jigsaw and X made by Solo with
 * other seeds, rated by serate, never used to tune the grader).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { formatVariantLine, parseVariantLine } from '../src/formats/line.js';
import { fromSoloId } from '../src/formats/solo.js';
import { classicRules, jigsawRules, withDiagonals } from '../src/rules/constructors.js';
import type { Rules } from '../src/rules/types.js';

/** Solo's levels (jigsaw, X), then the generator's (windoku), in the order tables print them. */
export const LEVEL_ORDER = ['trivial', 'basic', 'intermediate', 'advanced', 'extreme', 'unreasonable', 'medium', 'hard'];

export interface Case {
  variant: string;
  level: string;
  rules: Rules;
  givens: Uint8Array;
  er: number;
  ep: number;
  ed: number;
  /** The puzzle as serate reads it: GIVENS, or GIVENS LAYOUT for a jigsaw (see sukaku-serate.sh). */
  serate: string;
}

interface Line {
  variant: string;
  givens: string;
  regions: string | null;
  diagonals: boolean;
  solo_difficulty: string;
  se: string;
}

/** The shared data folder beside the checkout (/work/main -> /work/shared), or $SUDOKU_DATA. */
export function sharedDataDir(): URL {
  const env = process.env.SUDOKU_DATA;
  if (env !== undefined && env !== '') return new URL(`file://${env.replace(/\/?$/, '/')}`);
  for (const up of ['../../../', '../../../../']) {
    const dir = new URL(`${up}shared/data/`, import.meta.url);
    if (existsSync(new URL('variants-train/', dir))) return dir;
  }
  throw new Error('no shared/data/variants-train folder found: set SUDOKU_DATA to the shared data folder');
}

/** The jigsaw and X puzzles of the training set, file by file in name order. */
export function loadTrainingSet(): Case[] {
  const dir = new URL('variants-train/', sharedDataDir());
  const cases: Case[] = [];
  const x = withDiagonals(classicRules(9));
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
    for (const text of readFileSync(new URL(name, dir), 'utf8').split('\n')) {
      if (text.trim() === '') continue;
      const line = JSON.parse(text) as Line;
      let rules = line.regions === null ? classicRules(9) : jigsawRules(Array.from(line.regions, (c) => Number(c) - 1));
      if (line.diagonals) rules = line.regions === null ? x : withDiagonals(rules);
      const givens = Uint8Array.from(Array.from(line.givens, (c) => (c === '.' || c === '0' ? 0 : Number(c))));
      const [er, ep, ed] = line.se.split('/').map(Number) as [number, number, number];
      const serate = line.regions === null ? line.givens : `${line.givens} ${line.regions}`;
      cases.push({ variant: line.variant, level: line.solo_difficulty, rules, givens, er, ep, ed, serate });
    }
  }
  return cases;
}

/** The windoku puzzles rated by SukakuExplainer's serate -W kept with the tests (LINE, SOLUTION, ER/EP/ED, level). */
export function loadWindoku(): Case[] {
  const file = new URL('../../test/fixtures/variants/windoku-se-rated.txt', import.meta.url);
  if (!existsSync(file)) return [];
  const cases: Case[] = [];
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (text === '' || text.startsWith('#')) continue;
    const [line, , se, level] = text.split('\t') as [string, string, string, string];
    const { rules, givens } = parseVariantLine(line);
    const [er, ep, ed] = se.split('/').map(Number) as [number, number, number];
    const serate = Array.from(givens, (d) => (d === 0 ? '.' : String(d))).join('');
    cases.push({ variant: 'windoku', level, rules, givens, er, ep, ed, serate });
  }
  return cases;
}

/**
 * The held-out jigsaw and X puzzles (SOLO_ID, level, ER/EP/ED; the file's header says how they were
 * made): variants "jigsaw (held out)" and "x (held out)".
 */
export function loadHeldOut(): Case[] {
  const file = new URL('../../test/fixtures/variants/solo-heldout-se-rated.txt', import.meta.url);
  if (!existsSync(file)) return [];
  const cases: Case[] = [];
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (text === '' || text.startsWith('#')) continue;
    const [id, level, se] = text.split('\t') as [string, string, string];
    const { rules, givens } = fromSoloId(id);
    const [er, ep, ed] = se.split('/').map(Number) as [number, number, number];
    const jigsaw = rules.spec.regions !== undefined;
    const digits = Array.from(givens, (d) => (d === 0 ? '.' : String(d))).join('');
    // A jigsaw's variant line is serate -U -L's GIVENS LAYOUT.
    const serate = jigsaw ? formatVariantLine({ rules, givens }) : digits;
    cases.push({ variant: jigsaw ? 'jigsaw (held out)' : 'x (held out)', level, rules, givens, er, ep, ed, serate });
  }
  return cases;
}

