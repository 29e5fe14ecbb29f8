/**
 * Test helper only: reads a game ID of Simon Tatham's Solo (`sgt-solo --generate`, Debian package
 * sgt-puzzles) into plain data, so that puzzles Solo made can be stored as fixtures and solved. It
 * is not the library's reader (that belongs to the formats); written from the format as solo.c's
 * encode_puzzle_desc / encode_block_structure_desc write it:
 *
 *   PARAMS:GRID[,BLOCKS][,CAGES,SUMS]
 *   PARAMS  `CxR` (boxes of C rows by R columns, size C*R) or `Nj` (jigsaw of size N), then `x`
 *           (both diagonals) and `k` (killer) when present
 *   GRID    reading order; a..z a run of 1..26 empty cells, a number a given, `_` between numbers
 *   BLOCKS  the jigsaw regions as their dividing lines: first the N(N-1) vertical inner edges in
 *           reading order, then the N(N-1) horizontal ones in transposed order; each character is
 *           a run of non-lines followed by a line (`_` 0, a..y 1..25), `z` 25 non-lines and no line
 *   CAGES   the killer cages, as BLOCKS; SUMS a grid of each cage's sum at its first cell
 */
export interface SoloPuzzle {
  size: number;
  boxes: { rows: number; cols: number } | null;
  regions: number[] | null;
  diagonals: boolean;
  cages: { cells: number[]; sum: number }[] | null;
  givens: number[];
}

export function readSoloId(id: string): SoloPuzzle {
  const colon = id.indexOf(':');
  const params = /^(\d+)(?:(j)|x(\d+))(x?)(k?)$/.exec(id.slice(0, colon));
  if (params === null) throw new Error(`not a Solo ID: ${id}`);
  const c = Number(params[1]);
  const jigsaw = params[2] === 'j';
  const r = jigsaw ? 1 : Number(params[3]);
  const size = c * r;
  const parts = id.slice(colon + 1).split(',');
  const givens = readGrid(parts[0]!, size * size);
  let next = 1;
  const regions = jigsaw ? readBlocks(parts[next++]!, size) : null;
  let cages: SoloPuzzle['cages'] = null;
  if (params[5] === 'k') {
    const cageOf = readBlocks(parts[next++]!, size);
    const sums = readGrid(parts[next++]!, size * size);
    const byId = new Map<number, { cells: number[]; sum: number }>();
    for (let cell = 0; cell < size * size; cell++) {
      const cage = byId.get(cageOf[cell]!) ?? { cells: [], sum: 0 };
      byId.set(cageOf[cell]!, cage);
      cage.cells.push(cell);
      if (sums[cell] !== 0) cage.sum = sums[cell]!;
    }
    cages = [...byId.values()];
  }
  return { size, boxes: jigsaw ? null : { rows: c, cols: r }, regions, diagonals: params[4] === 'x', cages, givens };
}

function readGrid(text: string, area: number): number[] {
  const grid: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = text[i]!;
    if (ch >= 'a' && ch <= 'z') {
      for (let k = 0; k <= ch.charCodeAt(0) - 97; k++) grid.push(0);
      i++;
    } else if (ch === '_') i++;
    else {
      let j = i;
      while (j < text.length && text[j]! >= '0' && text[j]! <= '9') j++;
      grid.push(Number(text.slice(i, j)));
      i = j;
    }
  }
  if (grid.length !== area) throw new Error(`Solo grid of ${grid.length} cells, expected ${area}`);
  return grid;
}

/** Block numbers 0.. per cell (numbered in order of first cell) from Solo's dividing lines. */
function readBlocks(text: string, n: number): number[] {
  const parent = Array.from({ length: n * n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
  const inner = n * (n - 1);
  let edge = 0;
  const open = (i: number): void => {
    let a: number;
    let b: number;
    if (i < inner) {
      a = Math.floor(i / (n - 1)) * n + (i % (n - 1));
      b = a + 1;
    } else {
      const x = Math.floor(i / (n - 1)) - n;
      const y = i % (n - 1);
      a = y * n + x;
      b = a + n;
    }
    parent[find(a)] = find(b);
  };
  for (const ch of text) {
    const run = ch === 'z' ? 25 : ch === '_' ? 0 : ch.charCodeAt(0) - 96;
    for (let k = 0; k < run; k++) open(edge++);
    if (ch !== 'z') edge++; // the line itself
  }
  if (edge !== 2 * inner + 1) throw new Error(`Solo blocks cover ${edge} edges, expected ${2 * inner + 1}`);
  const ids = new Map<number, number>();
  return parent.map((_, cell) => {
    const root = find(cell);
    if (!ids.has(root)) ids.set(root, ids.size);
    return ids.get(root)!;
  });
}
