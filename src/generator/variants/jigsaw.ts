import { boxShapeOf } from '../../rules/build.js';
import type { Random } from '../random.js';

/**
 * A random jigsaw layout of a size x size grid: `size` regions of `size` orthogonally connected
 * cells each. It starts from the regular boxes and makes `size * size * 4` attempts at swapping
 * two cells across a region border (a cell of A next to B with a cell of B next to A): a swap is
 * kept when both regions stay connected, so sizes never change and shapes drift far from boxes.
 * With `symmetric`, each swap is made together with its half-turn image and kept only when the
 * layout stays symmetric (region of cell c and of its image 180 degrees round map one to one).
 * Returns null when some region is still a standard box and `allowBoxes` is false (the caller
 * draws again). Region numbers are renumbered by first cell.
 */
export function randomRegions(size: number, random: Random, options: { symmetric?: boolean; allowBoxes?: boolean } = {}): number[] | null {
  const shape = boxShapeOf(size);
  if (shape === null) throw new Error(`randomRegions: no box shape for size ${size}`);
  const n = size * size;
  const region = new Int16Array(n);
  for (let cell = 0; cell < n; cell++) {
    const r = Math.floor(cell / size);
    const c = cell % size;
    region[cell] = Math.floor(r / shape.rows) * (size / shape.cols) + Math.floor(c / shape.cols);
  }
  const symmetric = options.symmetric === true;
  const attempts = n * 4;
  const scratch = new Int16Array(n);
  const around = neighbourTable(size);
  const walk = new Walk(n);
  const back: number[] = [];
  for (let a = 0; a < attempts; a++) {
    const x = random.below(n);
    let degree = 0;
    while (degree < 4 && around[x * 4 + degree]! >= 0) degree++;
    const y = around[x * 4 + random.below(degree)]!;
    const ra = region[x]!;
    const rb = region[y]!;
    if (ra === rb) continue;
    // A cell of rb next to ra to give back, other than y (the pair x <-> z keeps sizes).
    back.length = 0;
    for (let cell = 0; cell < n; cell++) {
      if (region[cell] !== rb || cell === y) continue;
      for (let k = cell * 4; k < cell * 4 + 4 && around[k]! >= 0; k++) {
        const w = around[k]!;
        if (region[w] === ra && w !== x) {
          back.push(cell);
          break;
        }
      }
    }
    if (back.length === 0) continue;
    const z = back[random.below(back.length)]!;
    scratch.set(region);
    region[x] = rb;
    region[z] = ra;
    let rc = ra;
    let rd = rb;
    if (symmetric) {
      const xi = n - 1 - x;
      const zi = n - 1 - z;
      if (xi !== x && xi !== z) {
        rc = region[xi]!;
        rd = region[zi]!;
        region[xi] = rd;
        region[zi] = rc;
      }
    }
    // Only the regions that gained or lost a cell can have come apart.
    const whole = walk.connected(region, around, ra) && walk.connected(region, around, rb) && walk.connected(region, around, rc) && walk.connected(region, around, rd);
    if (!whole || (symmetric && !isSymmetric(region, n))) region.set(scratch);
  }
  if (options.allowBoxes !== true && hasBox(region, size, shape.rows, shape.cols)) return null;
  // Renumber by first cell.
  const map = new Int16Array(size).fill(-1);
  let next = 0;
  const out = new Array<number>(n);
  for (let cell = 0; cell < n; cell++) {
    const r = region[cell]!;
    if (map[r] === -1) map[r] = next++;
    out[cell] = map[r]!;
  }
  return out;
}

/** Orthogonal neighbours of each cell, four slots a cell (up, down, left, right; -1 after the last). */
function neighbourTable(size: number): Int16Array {
  const n = size * size;
  const table = new Int16Array(n * 4).fill(-1);
  for (let cell = 0; cell < n; cell++) table.set(neighbours(cell, size), cell * 4);
  return table;
}

/** Connectedness of one region at a time, with its buffers made once. */
class Walk {
  private readonly seen: Uint8Array;
  private readonly stack: Int16Array;
  constructor(n: number) {
    this.seen = new Uint8Array(n);
    this.stack = new Int16Array(n);
  }

  /** Whether the cells of region `r` are orthogonally connected. */
  connected(region: ArrayLike<number>, around: Int16Array, r: number): boolean {
    const n = this.seen.length;
    this.seen.fill(0);
    let start = -1;
    let size = 0;
    for (let cell = 0; cell < n; cell++) {
      if (region[cell] !== r) continue;
      size++;
      if (start < 0) start = cell;
    }
    if (start < 0) return true;
    let top = 0;
    let reached = 1;
    this.seen[start] = 1;
    this.stack[top++] = start;
    while (top > 0) {
      const at = this.stack[--top]!;
      for (let k = at * 4; k < at * 4 + 4 && around[k]! >= 0; k++) {
        const w = around[k]!;
        if (this.seen[w] === 0 && region[w] === r) {
          this.seen[w] = 1;
          this.stack[top++] = w;
          reached++;
        }
      }
    }
    return reached === size;
  }
}

function neighbours(cell: number, size: number): number[] {
  const r = Math.floor(cell / size);
  const c = cell % size;
  const out: number[] = [];
  if (r > 0) out.push(cell - size);
  if (r < size - 1) out.push(cell + size);
  if (c > 0) out.push(cell - 1);
  if (c < size - 1) out.push(cell + 1);
  return out;
}

/** Whether every region of the layout is orthogonally connected. */
export function regionsConnected(region: ArrayLike<number>, size: number): boolean {
  return connected(region, size);
}

function connected(region: ArrayLike<number>, size: number): boolean {
  const n = size * size;
  const seen = new Uint8Array(n);
  const done = new Uint8Array(size);
  const stack: number[] = [];
  for (let cell = 0; cell < n; cell++) {
    const r = region[cell]!;
    if (done[r]) {
      if (!seen[cell]) return false; // a second piece of a region already walked
      continue;
    }
    done[r] = 1;
    seen[cell] = 1;
    stack.push(cell);
    while (stack.length > 0) {
      const at = stack.pop()!;
      for (const w of neighbours(at, size)) {
        if (!seen[w] && region[w] === r) {
          seen[w] = 1;
          stack.push(w);
        }
      }
    }
  }
  return true;
}

function isSymmetric(region: ArrayLike<number>, n: number): boolean {
  const map = new Map<number, number>();
  for (let cell = 0; cell < n; cell++) {
    const a = region[cell]!;
    const b = region[n - 1 - cell]!;
    const known = map.get(a);
    if (known === undefined) map.set(a, b);
    else if (known !== b) return false;
  }
  return true;
}

function hasBox(region: ArrayLike<number>, size: number, rows: number, cols: number): boolean {
  for (let br = 0; br < size; br += rows) {
    for (let bc = 0; bc < size; bc += cols) {
      const r0 = region[br * size + bc]!;
      let same = true;
      for (let r = br; r < br + rows && same; r++) for (let c = bc; c < bc + cols; c++) if (region[r * size + c] !== r0) same = false;
      if (same) return true;
    }
  }
  return false;
}
