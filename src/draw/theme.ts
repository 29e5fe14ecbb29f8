/**
 * Brushes: how each kind of mark is painted, as a small named table (chessground's idea). What a
 * mark means (shapes.ts) stays apart from its paint, so a colour and a greyscale theme share every
 * shape. Widths and dashes are fractions of a cell, so they scale with the board.
 */

/** The marks a step leaves on a board, by meaning. */
export type BrushName =
  /** A cell of the step's pattern. */
  | 'pattern'
  /** A digit of the pattern in one of its cells (the candidates the reasoning is about). */
  | 'pattern-digit'
  /** A unit (row, column, box) of the pattern. */
  | 'unit'
  /** A cell filled by the step, and its digit. */
  | 'placement'
  /** A candidate the step removes (always struck through as well). */
  | 'elimination'
  /** A chain node assumed true. */
  | 'on'
  /** A chain node assumed false. */
  | 'off'
  /** A strong link (if the tail is false, the head is true): a solid arrow. */
  | 'strong'
  /** A weak link (if the tail is true, the head is false): a dashed arrow. */
  | 'weak'
  /** Links of a nested proof (a chain proving a link of the main chain). */
  | 'proof-strong'
  | 'proof-weak'
  /** The pivot of a wing: the cell that sees both pincers. */
  | 'pivot'
  /** A pincer of a wing: the cells whose common digit is removed where both are seen. */
  | 'pincer'
  /** A line joining a wing's pivot to a pincer through the digit they share (no head). */
  | 'link'
  /** A fin of a finned pattern (for callers' own shapes: the grader's fish have none). */
  | 'fin'
  /** A base unit of a fish (the lines where the digit is confined). */
  | 'base'
  /** A cover unit of a fish (the lines the digit is removed from). */
  | 'cover';

/** Paint of one brush. Unused fields are ignored by the marks that do not need them. */
export interface Brush {
  /** Fill of a cell, a unit band or a candidate's disc. */
  fill?: string;
  /** Outline of a unit or a candidate's disc; colour of an arrow or a strike. */
  stroke?: string;
  /** Colour of the digit drawn on the mark. */
  text?: string;
  /** Line width as a fraction of a cell. */
  width?: number;
  /** Dash pattern as fractions of a cell (empty: solid). */
  dash?: readonly number[];
  opacity?: number;
  /** Digits drawn on the mark are bold. Default true. */
  bold?: boolean;
  /** An arrow-like mark has a head. Default true (false: a plain link line). */
  head?: boolean;
}

/** Everything a board drawing paints. */
export interface Theme {
  name: string;
  background: string;
  /** Lines between cells. */
  thin: string;
  /** Lines between boxes and the frame. */
  thick: string;
  given: string;
  /** Digits placed after the givens (by the solver, a solution, or the steps so far). */
  filled: string;
  candidate: string;
  coordinates: string;
  brushes: Readonly<Record<BrushName, Brush>>;
  /**
   * Colours of a step's chains, one each, in order (an arrow's `chain` picks one): with several
   * chains on one board, each reads as its own. Greys in the grey theme, where solid and dashed
   * lines carry the meaning.
   */
  chains: readonly string[];
}

/** On screen: the pattern in yellow, eliminations in red, chains in green (on) and blue (off). */
export const COLOR_THEME: Theme = {
  name: 'color',
  background: '#ffffff',
  thin: '#9aa0a6',
  thick: '#202124',
  given: '#202124',
  filled: '#1a56c4',
  candidate: '#5f6368',
  coordinates: '#80868b',
  brushes: {
    pattern: { fill: '#fff3b0' },
    'pattern-digit': { fill: '#ffd24d', stroke: '#b26a00', text: '#3c2a00', width: 0.02 },
    unit: { fill: '#eef4fb', stroke: '#7fa7dc', width: 0.03 },
    placement: { fill: '#c9f0cf', stroke: '#1e8e3e', text: '#0d652d', width: 0.04, bold: false },
    elimination: { fill: '#fde0dc', stroke: '#d50000', text: '#4a0d0a', width: 0.05 },
    on: { fill: '#b8e6bf', stroke: '#1e8e3e', text: '#0d652d', width: 0.025 },
    off: { fill: '#cfe0fc', stroke: '#1a56c4', text: '#174ea6', width: 0.025 },
    strong: { stroke: '#d93025', width: 0.035, opacity: 0.9 },
    weak: { stroke: '#d93025', width: 0.03, dash: [0.1, 0.07], opacity: 0.9 },
    'proof-strong': { stroke: '#8e24aa', width: 0.028, opacity: 0.75 },
    'proof-weak': { stroke: '#8e24aa', width: 0.025, dash: [0.08, 0.06], opacity: 0.75 },
    pivot: { fill: '#ffd8a8', stroke: '#e8710a', text: '#5c2b00', width: 0.025 },
    pincer: { fill: '#d7ecff', stroke: '#1a73e8', text: '#0b3d91', width: 0.025 },
    link: { stroke: '#e8710a', width: 0.035, head: false, opacity: 0.9 },
    fin: { fill: '#f3d1f4' },
    base: { fill: '#e4f1e4', stroke: '#3c8d40', width: 0.03 },
    cover: { stroke: '#1a56c4', width: 0.03, dash: [0.12, 0.08] },
  },
  chains: ['#d93025', '#1a73e8', '#188038', '#e37400', '#9334e6', '#007b83'],
};

/**
 * For print: greys only, so every meaning is carried by shape as well (struck candidates, solid
 * and dashed arrows, dark discs for "on" and light ones for "off").
 */
export const GREY_THEME: Theme = {
  name: 'grey',
  background: '#ffffff',
  thin: '#8c8c8c',
  thick: '#000000',
  given: '#000000',
  filled: '#404040',
  candidate: '#505050',
  coordinates: '#707070',
  brushes: {
    pattern: { fill: '#e6e6e6' },
    'pattern-digit': { fill: '#b4b4b4', stroke: '#000000', text: '#000000', width: 0.02 },
    unit: { fill: '#f4f4f4', stroke: '#7a7a7a', width: 0.03 },
    placement: { fill: '#dcdcdc', stroke: '#000000', text: '#303030', width: 0.035, bold: false },
    elimination: { fill: '#ffffff', stroke: '#000000', text: '#303030', width: 0.065 },
    on: { fill: '#3c3c3c', stroke: '#000000', text: '#ffffff', width: 0.02 },
    off: { fill: '#ffffff', stroke: '#3c3c3c', text: '#000000', width: 0.025 },
    strong: { stroke: '#4a4a4a', width: 0.035 },
    weak: { stroke: '#4a4a4a', width: 0.03, dash: [0.1, 0.07] },
    'proof-strong': { stroke: '#7a7a7a', width: 0.028 },
    'proof-weak': { stroke: '#7a7a7a', width: 0.025, dash: [0.08, 0.06] },
    pivot: { fill: '#bdbdbd', stroke: '#000000', text: '#000000', width: 0.025 },
    pincer: { fill: '#e6e6e6', stroke: '#000000', text: '#000000', width: 0.025 },
    link: { stroke: '#3c3c3c', width: 0.035, head: false, dash: [0.04, 0.05] },
    fin: { fill: '#d0d0d0' },
    base: { fill: '#ececec', stroke: '#5a5a5a', width: 0.03 },
    cover: { stroke: '#000000', width: 0.03, dash: [0.12, 0.08] },
  },
  chains: ['#4a4a4a', '#4a4a4a', '#4a4a4a', '#4a4a4a', '#4a4a4a', '#4a4a4a'],
};

/** The built-in themes by name. */
export const THEMES: Readonly<Record<string, Theme>> = { color: COLOR_THEME, grey: GREY_THEME };
