/**
 * Cover themes and cover layouts as data. A theme is a handful of named colours; a layout is a few
 * shares of the front panel, one per trim. The cover (cover.ts) reads both and nothing else decides
 * a colour or a proportion. The interior stays grey whatever the cover's theme (print rules).
 */

/** The colours of a cover, as `#rrggbb`. */
export interface CoverTheme {
  name: string;
  /** One line for `--help` and the README. */
  description: string;
  /** Painted as DeviceGray (by luminance), with no colour operator at all. */
  gray: boolean;
  /** The full-bleed ground of the whole sheet (back, spine, front). */
  ground: string;
  /** Title and text on the ground. */
  text: string;
  /** Subtitle, author and the softer text on the ground. */
  soft: string;
  /** Badges, the frame, rules: the colour that catches the eye. */
  accent: string;
  /** Text on an accent badge. */
  onAccent: string;
  /** The paper of the grids. */
  paper: string;
  /** Grid lines and givens. */
  ink: string;
  /** Digits "pencilled in" on the front grid. */
  pencil: string;
  /** The shadow under the front grid (a darker ground). */
  shadow: string;
  /** A chip per level on the back, easiest first (the last repeats past the end). */
  levels: readonly string[];
}

/** The shipped themes; the first is the default. */
export const COVER_THEMES: readonly CoverTheme[] = Object.freeze([
  {
    name: 'navy',
    description: 'deep blue ground, orange badges, cream grid',
    gray: false,
    ground: '#1d3557',
    text: '#ffffff',
    soft: '#d7e3f4',
    accent: '#f4a261',
    onAccent: '#1d3557',
    paper: '#fffdf7',
    ink: '#1d3557',
    pencil: '#d1495b',
    shadow: '#10213a',
    levels: ['#8ecae6', '#90be6d', '#f9c74f', '#f8961e', '#f3722c', '#e63946'],
  },
  {
    name: 'teal',
    description: 'dark teal ground, yellow badges, white grid',
    gray: false,
    ground: '#0b5d5e',
    text: '#ffffff',
    soft: '#cdeeea',
    accent: '#ffd166',
    onAccent: '#073b3c',
    paper: '#ffffff',
    ink: '#073b3c',
    pencil: '#e76f51',
    shadow: '#063c3d',
    levels: ['#a8dadc', '#95d5b2', '#ffd166', '#f4a261', '#e76f51', '#d62828'],
  },
  {
    name: 'plum',
    description: 'plum ground, coral badges, white grid',
    gray: false,
    ground: '#4a1942',
    text: '#ffffff',
    soft: '#f1d9ec',
    accent: '#ff8c61',
    onAccent: '#2e0f29',
    paper: '#ffffff',
    ink: '#2e0f29',
    pencil: '#0f7a8a',
    shadow: '#2b0e27',
    levels: ['#bde0fe', '#b5e48c', '#ffe066', '#ffb703', '#ff8c61', '#ef233c'],
  },
  {
    name: 'grey',
    description: 'greys only (DeviceGray): for black-and-white printing',
    gray: true,
    ground: '#2b2b2b',
    text: '#ffffff',
    soft: '#d0d0d0',
    accent: '#e0e0e0',
    onAccent: '#1a1a1a',
    paper: '#ffffff',
    ink: '#000000',
    pencil: '#5a5a5a',
    shadow: '#111111',
    levels: ['#f2f2f2', '#d9d9d9', '#bfbfbf', '#a6a6a6', '#8c8c8c', '#737373'],
  },
]);

/** Names of the shipped themes, default first. */
export const COVER_THEME_NAMES: readonly string[] = COVER_THEMES.map((t) => t.name);

/** The default cover theme (a colour one). */
export const DEFAULT_COVER_THEME = COVER_THEMES[0]!.name;

/** The theme called `name`. @throws RangeError naming the themes there are. */
export function coverTheme(name: string): CoverTheme {
  const theme = COVER_THEMES.find((t) => t.name === name);
  if (!theme) throw new RangeError(`unknown cover theme '${name}'; the themes are ${COVER_THEME_NAMES.join(', ')}`);
  return theme;
}

/**
 * Proportions of the front panel for a trim: how tall the title block may be, how wide the grid,
 * how big the count badge (shares of the front's safe width or height).
 */
export interface CoverLayout {
  /** Largest title size, as a share of the safe width. */
  titleMax: number;
  /** The title block's height at most, as a share of the safe height. */
  titleBlock: number;
  /** The grid's side at most, as a share of the safe width. */
  grid: number;
  /** Radius of the count badge (over the grid's top right corner), as a share of the safe width. */
  badge: number;
}

/** Layouts by trim label (a template's `page.size`); `default` for any other trim. */
export const COVER_LAYOUTS: Readonly<Record<string, CoverLayout>> = Object.freeze({
  // Tall and narrow: a big two-line title, the grid under it, the badge biting its corner.
  '6x9': { titleMax: 0.22, titleBlock: 0.3, grid: 0.8, badge: 0.14 },
  '7x10': { titleMax: 0.2, titleBlock: 0.3, grid: 0.78, badge: 0.13 },
  // Wide pages: a smaller share for the grid, which leaves room for the badges.
  letter: { titleMax: 0.17, titleBlock: 0.28, grid: 0.7, badge: 0.12 },
  '8.5x11': { titleMax: 0.15, titleBlock: 0.24, grid: 0.7, badge: 0.12 },
  a4: { titleMax: 0.17, titleBlock: 0.28, grid: 0.7, badge: 0.12 },
  default: { titleMax: 0.18, titleBlock: 0.28, grid: 0.72, badge: 0.12 },
});

/** The layout of a trim label. */
export function coverLayout(trim: string): CoverLayout {
  return COVER_LAYOUTS[trim] ?? COVER_LAYOUTS['default']!;
}
