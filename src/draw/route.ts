/**
 * Where an arrow goes: from one candidate to another, clear of digits, givens and eliminated
 * candidates, inside the board, and never along a grid line. Units here are cells, measured from
 * the frame's top-left corner (x right, y down); the board drawing converts.
 *
 * Two kinds of path are tried and the cheaper one drawn:
 *   - one smooth quadratic curve, bent a little to either side (most links: short and clear);
 *   - a route through the gaps between candidates, found on a lattice of points a sixth of a cell
 *     apart (lattice points on a grid line are only ever crossed, never followed), pulled tight
 *     (a corner is dropped when the straight line past it costs no more), with its corners rounded.
 *
 *      +-----+-----+      the lattice inside one cell: x = lattice point; the row of points on a
 *      | x x x x x |      grid line (the cell's edge) is only crossed, and the points next to it
 *      | x x x x x |      (a sixth of a cell in) cost a little more to follow, so that a route
 *      | x x x x x |      keeps to the lanes at a third and a half of a cell, between the pencil
 *      +-----+-----+      marks, where a reader sees it belongs to no line.
 *
 * A path's cost is its length plus, for every stretch, the weight of the boxes it passes through
 * and of its stretches along grid lines. By weight: over an eliminated candidate (never), outside
 * the frame, within {@link LINE_BAND} of a grid line for longer than it takes to cross it
 * ({@link LINE_ALLOWANCE}), over a digit (almost never), over a marked candidate (rather not).
 */

/** A box a path should keep out of (cells, board-relative), and what passing through it costs per cell of path. */
export interface RouteObstacle {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  weight: number;
}

/** A point, in cells. */
export type Point = readonly [number, number];

/** A path: straight stretches between waypoints, each corner rounded (a quadratic curve with the corner as control). */
export interface Route {
  /** Ends and corners, from the tail to the head. */
  points: Point[];
  /** Radius of each corner (one per interior point), in cells. */
  radii: number[];
  /** The quadratic's control point instead of corners (a single smooth curve). */
  control?: Point;
}

/** Boards are 9 cells wide. */
const N = 9;
/** Lattice points per cell. */
const K = 6;
/** Lattice points per side, frame lines excluded (1..K*N-1). */
const SIDE = K * N - 1;
/** A stretch closer than this to a grid line (in cells) is on it... */
export const LINE_BAND = 0.08;
/** ...and may stay on it this long: a crossing at about 40 degrees or steeper (the tests allow 0.3). */
export const LINE_ALLOWANCE = 0.25;
/** Cost per cell of path on a grid line beyond the allowance. */
const LINE_WEIGHT = 1500;
/** Cost per cell of path outside the frame (less this much inside it, for an arrowhead's corners). */
const OUTSIDE_WEIGHT = 2000;
const INSIDE = 0.1;
/**
 * Following a grid line closer than this (cells) but not on it (a lattice lane a sixth of a cell
 * from it) costs this much more per cell.
 */
const HUG_BAND = 0.2;
const HUG_WEIGHT = 3;
/** A corner of a route costs this (a curve has none): fewer bends read better. */
const CORNER_COST = 0.5;
/** Turning on the lattice, by eighths of a turn (0, 45, 90, 135 degrees). */
const TURN_COST = [0, 0.12, 0.45, 2];
/** Samples per cell of path when costing it. */
const SAMPLES_PER_CELL = 20;
/** Bends of a quadratic tried, as fractions of the distance between the ends, gentlest first. */
const BENDS = [0, 0.08, 0.12, 0.16, 0.2, 0.25, 0.3, 0.36, 0.42, 0.5, 0.6];
/** Bends tried after those, in cells. */
const ABSOLUTE_BENDS = [0.25, 0.4, 0.55, 0.75, 1];

const DIRS: readonly (readonly [number, number])[] = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
];

/**
 * The obstacles of one board, bucketed by cell so that a point is checked against the few boxes
 * near it. Made once per picture; {@link routeArrow} is called per arrow.
 */
export class RouteField {
  private readonly buckets: number[][] = Array.from({ length: N * N }, () => []);

  constructor(
    private readonly obstacles: readonly RouteObstacle[],
    /** Boxes are grown by this much (cells) on every side. */
    private readonly margin: number,
  ) {
    obstacles.forEach((o, index) => {
      const c0 = clampCell(Math.floor(o.x0 - margin));
      const c1 = clampCell(Math.floor(o.x1 + margin));
      const r0 = clampCell(Math.floor(o.y0 - margin));
      const r1 = clampCell(Math.floor(o.y1 + margin));
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.buckets[r * N + c]!.push(index);
    });
  }

  /** Obstacles holding a point (an arrow's own ends: they do not count against it). */
  holding(p: Point): Set<number> {
    const out = new Set<number>();
    for (const index of this.buckets[clampCell(Math.floor(p[1])) * N + clampCell(Math.floor(p[0]))]!) {
      const o = this.obstacles[index]!;
      if (p[0] >= o.x0 && p[0] <= o.x1 && p[1] >= o.y0 && p[1] <= o.y1) out.add(index);
    }
    return out;
  }

  /** Cost per cell of path at a point: the boxes it is in (but `own`), and outside the frame. */
  at(x: number, y: number, own: ReadonlySet<number>): number {
    let cost = x < INSIDE || x > N - INSIDE || y < INSIDE || y > N - INSIDE ? OUTSIDE_WEIGHT : 0;
    const m = this.margin;
    for (const index of this.buckets[clampCell(Math.floor(y)) * N + clampCell(Math.floor(x))]!) {
      if (own.has(index)) continue;
      const o = this.obstacles[index]!;
      if (x >= o.x0 - m && x <= o.x1 + m && y >= o.y0 - m && y <= o.y1 + m) cost += o.weight;
    }
    return cost;
  }
}

function clampCell(i: number): number {
  return i < 0 ? 0 : i >= N ? N - 1 : i;
}

/** Running cost of a path sampled point by point (the grid-line stretches carry over between pieces). */
class Meter {
  cost = 0;
  private runX = 0;
  private runY = 0;
  private nearX = 0;
  private nearY = 0;
  private offX = 1;
  private offY = 1;
  private x: number;
  private y: number;

  constructor(
    private readonly field: RouteField,
    private readonly own: ReadonlySet<number>,
    start: Point,
    /** Past this cost the rest of the path is not measured (it has lost already). */
    private readonly limit = Infinity,
  ) {
    [this.x, this.y] = start;
    this.offX = Math.abs(start[0] - Math.round(start[0]));
    this.offY = Math.abs(start[1] - Math.round(start[1]));
  }

  to(x: number, y: number): void {
    const ds = Math.hypot(x - this.x, y - this.y);
    this.x = x;
    this.y = y;
    if (ds === 0) return;
    let cost = ds * (1 + this.field.at(x, y, this.own));
    // Near a vertical line (x close to a whole number) or a horizontal one.
    const offX = Math.abs(x - Math.round(x));
    const offY = Math.abs(y - Math.round(y));
    this.runX = offX < LINE_BAND ? this.runX + inBand(this.offX, offX, ds) : 0;
    this.runY = offY < LINE_BAND ? this.runY + inBand(this.offY, offY, ds) : 0;
    this.offX = offX;
    this.offY = offY;
    if (this.runX > LINE_ALLOWANCE) cost += LINE_WEIGHT * ds;
    if (this.runY > LINE_ALLOWANCE) cost += LINE_WEIGHT * ds;
    // Near a line, though not on it: following it still reads as following it.
    this.nearX = offX < HUG_BAND ? this.nearX + ds : 0;
    this.nearY = offY < HUG_BAND ? this.nearY + ds : 0;
    if (this.nearX > LINE_ALLOWANCE * 1.5) cost += hugWeight(offX) * ds;
    if (this.nearY > LINE_ALLOWANCE * 1.5) cost += hugWeight(offY) * ds;
    this.cost += cost;
  }

  line(x: number, y: number): void {
    const x0 = this.x;
    const y0 = this.y;
    const n = Math.max(1, Math.ceil(Math.hypot(x - x0, y - y0) * SAMPLES_PER_CELL));
    for (let i = 1; i <= n && this.cost <= this.limit; i++) this.to(x0 + ((x - x0) * i) / n, y0 + ((y - y0) * i) / n);
  }

  quad(cx: number, cy: number, x: number, y: number): void {
    const x0 = this.x;
    const y0 = this.y;
    const n = Math.max(2, Math.ceil((Math.hypot(cx - x0, cy - y0) + Math.hypot(x - cx, y - cy)) * SAMPLES_PER_CELL));
    for (let i = 1; i <= n && this.cost <= this.limit; i++) {
      const t = i / n;
      this.to((1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * cx + t * t * x, (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * cy + t * t * y);
    }
  }
}

/**
 * What following a grid line at this distance costs per cell: {@link HUG_WEIGHT} at a sixth of a
 * cell, rising steeply nearer (a line a tenth of a cell from a box line reads as running along it).
 */
function hugWeight(off: number): number {
  if (off >= HUG_BAND) return 0;
  const near = (HUG_BAND - off) / (HUG_BAND - 1 / K);
  return HUG_WEIGHT * near * near;
}

/**
 * How much of a sample step of length `ds` ending in the band lies in it: all of it when it
 * started there, else the part past the band's edge (offsets change about linearly over a step).
 */
function inBand(before: number, after: number, ds: number): number {
  if (before < LINE_BAND) return ds;
  return (ds * (LINE_BAND - after)) / (before - after);
}

/** The pieces of a route as drawn: lines and corner curves, from the tail (see {@link Route}). */
export type RoutePiece = { op: 'L'; x: number; y: number } | { op: 'Q'; cx: number; cy: number; x: number; y: number };

/** A route as pieces from its first point. */
export function routePieces(route: Route): RoutePiece[] {
  const { points, radii } = route;
  const last = points[points.length - 1]!;
  if (route.control) return [{ op: 'Q', cx: route.control[0], cy: route.control[1], x: last[0], y: last[1] }];
  const out: RoutePiece[] = [];
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i]!;
    const r = radii[i - 1]!;
    const a = towards(p, points[i - 1]!, r);
    const b = towards(p, points[i + 1]!, r);
    out.push({ op: 'L', x: a[0], y: a[1] }, { op: 'Q', cx: p[0], cy: p[1], x: b[0], y: b[1] });
  }
  out.push({ op: 'L', x: last[0], y: last[1] });
  return out;
}

/** An arrow as drawn: its line from the tail's gap to the head's base, and the head's tip. */
export interface DrawnArrow {
  start: Point;
  pieces: RoutePiece[];
  base: Point;
  tip: Point;
}

/**
 * Trims a route to what is drawn: clear of the tail candidate by its gap, the tip clear of the head
 * candidate by its gap, the line stopping at the head's base. A curve is cut to a piece of itself
 * (the same curve, not a new one through the cut ends), so the drawn line is the line costed.
 */
export function trimRoute(route: Route, ends: RouteEnds): DrawnArrow {
  const points = route.points;
  const from = points[0]!;
  const to = points[points.length - 1]!;
  if (route.control) {
    const c = route.control;
    const at = (t: number): Point => [(1 - t) * (1 - t) * from[0] + 2 * (1 - t) * t * c[0] + t * t * to[0], (1 - t) * (1 - t) * from[1] + 2 * (1 - t) * t * c[1] + t * t * to[1]];
    const steps = 400;
    let t0 = 0;
    while (t0 < 1 && Math.hypot(at(t0)[0] - from[0], at(t0)[1] - from[1]) < ends.gaps[0]) t0 += 1 / steps;
    let tip = 1;
    while (tip > t0 && Math.hypot(at(tip)[0] - to[0], at(tip)[1] - to[1]) < ends.gaps[1]) tip -= 1 / steps;
    const tipPoint = at(tip);
    let t1 = tip;
    while (t1 > t0 && Math.hypot(at(t1)[0] - tipPoint[0], at(t1)[1] - tipPoint[1]) < ends.head) t1 -= 1 / steps;
    // The piece of the curve between t0 and t1: its control point is the curve's blossom at (t0, t1).
    const w0 = (1 - t0) * (1 - t1);
    const w1 = (1 - t0) * t1 + t0 * (1 - t1);
    const w2 = t0 * t1;
    const base = at(t1);
    const head = ends.head > 0 ? base : tipPoint;
    return {
      start: at(t0),
      pieces: [{ op: 'Q', cx: w0 * from[0] + w1 * c[0] + w2 * to[0], cy: w0 * from[1] + w1 * c[1] + w2 * to[1], x: head[0], y: head[1] }],
      base: head,
      tip: tipPoint,
    };
  }
  const pieces = routePieces(route);
  const start = towards(from, points[1]!, ends.gaps[0]);
  const tip = towards(to, points[points.length - 2]!, ends.gaps[1]);
  const base = towards(tip, points[points.length - 2]!, ends.head);
  pieces[pieces.length - 1] = { op: 'L', x: base[0], y: base[1] };
  return { start, pieces, base, tip };
}

function towards(from: Point, to: Point, distance: number): Point {
  const d = Math.hypot(to[0] - from[0], to[1] - from[1]);
  return d === 0 ? from : [from[0] + ((to[0] - from[0]) * distance) / d, from[1] + ((to[1] - from[1]) * distance) / d];
}

function costOf(field: RouteField, own: ReadonlySet<number>, route: Route, limit = Infinity): number {
  const meter = new Meter(field, own, route.points[0]!, limit);
  for (const piece of routePieces(route)) {
    if (piece.op === 'L') meter.line(piece.x, piece.y);
    else meter.quad(piece.cx, piece.cy, piece.x, piece.y);
  }
  return meter.cost + CORNER_COST * (route.points.length - 2);
}

/** What an arrow needs kept clear at its ends (cells): the gap before each candidate, and the head's length. */
export interface RouteEnds {
  gaps: readonly [number, number];
  head: number;
}

/**
 * The path of an arrow from one candidate centre to another (cells, board-relative): the cheapest
 * of the quadratic curves and the lattice route (see the file's comment).
 */
export function routeArrow(field: RouteField, from: Point, to: Point, ends: RouteEnds): Route {
  const own = new Set([...field.holding(from), ...field.holding(to)]);
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const ux = (to[0] - from[0]) / length;
  const uy = (to[1] - from[1]) / length;
  // Two marks a few candidates apart: a loop, or the ends' gaps would leave no line between them.
  const short = length < 0.9;
  const amounts = [...(short ? [] : BENDS.map((f) => Math.min(length * f, 0.5 + 4 * f))), ...ABSOLUTE_BENDS.filter((f) => !short || f >= 0.5)];
  let best: Route = { points: [from, to], radii: [] };
  let bestCost = Infinity;
  for (const amount of amounts) {
    for (const side of amount === 0 ? [1] : [1, -1]) {
      const bend = side * amount;
      const control: Point = [(from[0] + to[0]) / 2 - uy * bend, (from[1] + to[1]) / 2 + ux * bend];
      const route: Route = amount === 0 ? { points: [from, to], radii: [] } : { points: [from, to], radii: [], control };
      const cost = costOf(field, own, route, bestCost);
      if (cost < bestCost) {
        best = route;
        bestCost = cost;
      }
    }
  }
  // A clear curve (costing no more than its length and a little for marked candidates brushed): done.
  if (short || bestCost < length * 1.6 + 0.5) return best;
  const routed = latticeRoute(field, own, from, to, ends, bestCost);
  if (routed) {
    const cost = costOf(field, own, routed);
    if (cost < bestCost) return routed;
  }
  return best;
}

/** Cost per cell of path at each lattice point (own obstacles left out). */
function latticeCosts(field: RouteField, own: ReadonlySet<number>): Float64Array {
  const costs = new Float64Array(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) costs[j * SIDE + i] = field.at((i + 1) / K, (j + 1) / K, own);
  return costs;
}

/**
 * The cheapest lattice path (Dijkstra with the straight-line distance as A* estimate; a state is a
 * point and the direction it was entered by, so that turns cost), pulled tight and rounded; none
 * when every lattice path costs `limit` or more (the best curve's cost).
 */
function latticeRoute(field: RouteField, own: ReadonlySet<number>, from: Point, to: Point, ends: RouteEnds, limit: number): Route | null {
  const costs = latticeCosts(field, own);
  const states = SIDE * SIDE * 8;
  const dist = new Float64Array(states).fill(Infinity);
  const prev = new Int32Array(states).fill(-1);
  const heap = new MinHeap();
  const px = (node: number) => ((node % SIDE) + 1) / K;
  const py = (node: number) => (Math.floor(node / SIDE) + 1) / K;
  const estimate = (node: number) => Math.hypot(px(node) - to[0], py(node) - to[1]);
  // Into the lattice from the tail and out of it to the head: the points a little further than
  // the end's gap (and the head's length), each by a straight stretch.
  const near = (p: Point, clear: number) => {
    const reach = clear + 0.3;
    const out: number[] = [];
    const i0 = Math.max(0, Math.floor((p[0] - reach) * K) - 1);
    const i1 = Math.min(SIDE - 1, Math.ceil((p[0] + reach) * K) - 1);
    const j0 = Math.max(0, Math.floor((p[1] - reach) * K) - 1);
    const j1 = Math.min(SIDE - 1, Math.ceil((p[1] + reach) * K) - 1);
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const d = Math.hypot((i + 1) / K - p[0], (j + 1) / K - p[1]);
        if (d <= reach && d >= clear) out.push(j * SIDE + i);
      }
    }
    return out;
  };
  const stretch = (a: Point, b: Point) => {
    const meter = new Meter(field, own, a);
    meter.line(b[0], b[1]);
    return meter.cost;
  };
  for (const node of near(from, ends.gaps[0] + 0.05)) {
    const dx = px(node) - from[0];
    const dy = py(node) - from[1];
    const dir = octant(dx, dy);
    const state = node * 8 + dir;
    const d = stretch(from, [px(node), py(node)]);
    if (d < dist[state]!) {
      dist[state] = d;
      prev[state] = -2;
      heap.push(state, d + estimate(node));
    }
  }
  const exits = new Map<number, number>();
  for (const node of near(to, ends.gaps[1] + ends.head + 0.05)) exits.set(node, stretch([px(node), py(node)], to));
  // A route keeps within a cell and a half of the box its ends span: a longer detour reads worse
  // than the curve, and the search stays small.
  const reachOut = 1.5;
  const iMin = Math.floor((Math.min(from[0], to[0]) - reachOut) * K) - 1;
  const iMax = Math.ceil((Math.max(from[0], to[0]) + reachOut) * K) - 1;
  const jMin = Math.floor((Math.min(from[1], to[1]) - reachOut) * K) - 1;
  const jMax = Math.ceil((Math.max(from[1], to[1]) + reachOut) * K) - 1;
  let bestEnd = -1;
  let bestTotal = Infinity;
  while (heap.size > 0) {
    const [state, key] = heap.pop();
    if (key >= bestTotal) break;
    const d = dist[state]!;
    if (key > d + estimate(Math.floor(state / 8)) + 1e-9) continue;
    const node = Math.floor(state / 8);
    const dir = state % 8;
    const exit = exits.get(node);
    if (exit !== undefined && d + exit < bestTotal) {
      bestTotal = d + exit;
      bestEnd = state;
    }
    const i = node % SIDE;
    const j = Math.floor(node / SIDE);
    for (let nd = 0; nd < 8; nd++) {
      const [di, dj] = DIRS[nd]!;
      const ni = i + di;
      const nj = j + dj;
      if (ni < 0 || nj < 0 || ni >= SIDE || nj >= SIDE || ni < iMin || ni > iMax || nj < jMin || nj > jMax) continue;
      // Along a grid line: lattice column i+1 on a vertical line when (i+1) % K === 0.
      if (di === 0 && (i + 1) % K === 0) continue;
      if (dj === 0 && (j + 1) % K === 0) continue;
      const next = nj * SIDE + ni;
      const step = (di !== 0 && dj !== 0 ? Math.SQRT2 : 1) / K;
      let turn = Math.abs(nd - dir);
      if (turn > 4) turn = 8 - turn;
      if (turn > 3) continue;
      let per = 1 + (costs[node]! + costs[next]!) / 2;
      const hugX = di === 0 && ((i + 1) % K === 1 || (i + 1) % K === K - 1);
      const hugY = dj === 0 && ((j + 1) % K === 1 || (j + 1) % K === K - 1);
      if (hugX || hugY) per += HUG_WEIGHT;
      const nextState = next * 8 + nd;
      // A corner on a grid line would be rounded into a stretch along it.
      const onGrid = (i + 1) % K === 0 || (j + 1) % K === 0;
      const nextDist = d + step * per + TURN_COST[turn]! * (onGrid && turn > 0 ? 4 : 1);
      // A path dearer than the best curve is of no use.
      if (nextDist < dist[nextState]! && nextDist + estimate(next) < limit) {
        dist[nextState] = nextDist;
        prev[nextState] = state;
        heap.push(nextState, nextDist + estimate(next));
      }
    }
  }
  if (bestEnd < 0) return null;
  const lattice: Point[] = [];
  for (let s = bestEnd; s >= 0; s = prev[s]!) lattice.push([px(Math.floor(s / 8)), py(Math.floor(s / 8))]);
  lattice.reverse();
  // Rounder corners read better, but a round corner near a grid line can follow it: the roundest
  // that costs least.
  const points = pullTight(field, own, [from, ...lattice, to]);
  let best: Route | null = null;
  let bestCost = Infinity;
  for (const most of [0.45, 0.25, 0.1]) {
    const route = roundCorners(points, ends, most);
    const cost = costOf(field, own, route);
    if (cost < bestCost - 1e-9) {
      best = route;
      bestCost = cost;
    }
  }
  return best;
}

/** Drops corners while the straight stretch past them costs no more than the path it replaces. */
function pullTight(field: RouteField, own: ReadonlySet<number>, path: Point[]): Point[] {
  // The path's cost up to each point, measured once: a stretch of it costs the difference.
  const upTo = new Float64Array(path.length);
  const whole = new Meter(field, own, path[0]!);
  for (let k = 1; k < path.length; k++) {
    whole.line(path[k]![0], path[k]![1]);
    upTo[k] = whole.cost;
  }
  const polylineCost = (from: number, to: number) => upTo[to]! - upTo[from]!;
  const out: Point[] = [path[0]!];
  let i = 0;
  while (i < path.length - 1) {
    let j = path.length - 1;
    for (; j > i + 1; j--) {
      // A corner on a grid line would be rounded into a stretch along it.
      if (j < path.length - 1 && onLine(path[j]!)) continue;
      if (shallowCrossing(path[i]!, path[j]!)) continue;
      const meter = new Meter(field, own, path[i]!);
      meter.line(path[j]![0], path[j]![1]);
      if (meter.cost <= polylineCost(i, j) + 1e-9) break;
    }
    // A corner on a grid line would be rounded into a stretch along it: past it, unless that costs more.
    if (j === i + 1 && j < path.length - 1 && onLine(path[j]!)) {
      const meter = new Meter(field, own, path[i]!);
      meter.line(path[j + 1]![0], path[j + 1]![1]);
      if (meter.cost <= polylineCost(i, j + 1) + 1) j++;
    }
    out.push(path[j]!);
    i = j;
  }
  // Collinear leftovers (a straight run of lattice points) go too.
  return out.filter((p, k) => k === 0 || k === out.length - 1 || Math.abs(cross(out[k - 1]!, p, out[k + 1]!)) > 1e-9);
}

/** tan 40 degrees: a straight stretch crosses grid lines at least this steeply. */
const STEEP = 0.84;

/** Whether a straight stretch crosses a grid line at less than 40 degrees. */
function shallowCrossing(a: Point, b: Point): boolean {
  const dx = Math.abs(b[0] - a[0]);
  const dy = Math.abs(b[1] - a[1]);
  const crossesRow = Math.floor(a[1] + LINE_BAND) !== Math.floor(b[1] + LINE_BAND) || Math.floor(a[1] - LINE_BAND) !== Math.floor(b[1] - LINE_BAND);
  const crossesColumn = Math.floor(a[0] + LINE_BAND) !== Math.floor(b[0] + LINE_BAND) || Math.floor(a[0] - LINE_BAND) !== Math.floor(b[0] - LINE_BAND);
  return (crossesRow && dy < STEEP * dx) || (crossesColumn && dx < STEEP * dy);
}

function onLine(p: Point): boolean {
  return Math.abs(p[0] - Math.round(p[0])) < LINE_BAND || Math.abs(p[1] - Math.round(p[1])) < LINE_BAND;
}

function cross(a: Point, b: Point, c: Point): number {
  return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
}

/**
 * Corner radii: as round as the stretches allow (two corners share a stretch; the first and last
 * stretches keep the ends' gaps, and the last the head, straight), at most `most` cells.
 */
function roundCorners(points: Point[], ends: RouteEnds, most: number): Route {
  const last = points.length - 2;
  const lengths = points.slice(1).map((p, k) => Math.hypot(p[0] - points[k]![0], p[1] - points[k]![1]));
  const radii: number[] = [];
  for (let i = 1; i <= last; i++) {
    const before = i === 1 ? lengths[0]! - ends.gaps[0] - 0.05 : lengths[i - 1]! / 2;
    const after = i === last ? lengths[i]! - ends.gaps[1] - ends.head - 0.05 : lengths[i]! / 2;
    radii.push(Math.max(0, Math.min(most, before, after)));
  }
  return { points, radii };
}

function octant(dx: number, dy: number): number {
  const a = Math.atan2(dy, dx);
  return ((Math.round(a / (Math.PI / 4)) % 8) + 8) % 8;
}

/** A binary min-heap of (state, key). */
class MinHeap {
  private states: number[] = [];
  private keys: number[] = [];
  get size(): number {
    return this.states.length;
  }
  push(state: number, key: number): void {
    const s = this.states;
    const k = this.keys;
    let i = s.length;
    s.push(state);
    k.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (k[parent]! <= key) break;
      s[i] = s[parent]!;
      k[i] = k[parent]!;
      i = parent;
    }
    s[i] = state;
    k[i] = key;
  }
  pop(): [number, number] {
    const s = this.states;
    const k = this.keys;
    const top: [number, number] = [s[0]!, k[0]!];
    const lastState = s.pop()!;
    const lastKey = k.pop()!;
    if (s.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= s.length) break;
        const r = l + 1;
        const m = r < s.length && k[r]! < k[l]! ? r : l;
        if (k[m]! >= lastKey) break;
        s[i] = s[m]!;
        k[i] = k[m]!;
        i = m;
      }
      s[i] = lastState;
      k[i] = lastKey;
    }
    return top;
  }
}
