import type { Geometry } from '../core/geometry.js';
import {
  TYPE_ANTI_DIAGONAL,
  TYPE_ASTERISK,
  TYPE_BLOCK,
  TYPE_CENTRE_DOT,
  TYPE_COLUMN,
  TYPE_CUSTOM,
  TYPE_DIAGONAL,
  TYPE_DISJOINT,
  TYPE_ROW,
  TYPE_WINDOW,
  type SeHouses,
} from './houses.js';

/*
 * SukakuExplainer's order of the houses of any geometry (houses.ts describes it). Only rules other
 * than classic need it (classic has its own table in houses.ts), so buildRules links it in
 * (variant-link.ts) and classic bundles do not carry it.
 */

const cache = new WeakMap<Geometry, SeHouses>();

/** SE's visiting order of the houses of any 9x9 geometry (classic included: the tests compare it with houses.ts's classic table), built once per geometry. */
export function buildHouseOrder(geometry: Geometry): SeHouses {
  let known = cache.get(geometry);
  if (known === undefined) {
    known = build(geometry);
    cache.set(geometry, known);
  }
  return known;
}

function typeOfHouse(geometry: Geometry, house: number): number {
  const kind = geometry.houseKinds[house]!;
  switch (kind) {
    case 'row':
      return TYPE_ROW;
    case 'column':
      return TYPE_COLUMN;
    case 'box':
      return TYPE_BLOCK;
    case 'diagonal':
      // The down diagonal holds r1c1 (cell 0); the up one r9c1 (cell 72).
      return geometry.houseCells[house * 9] === 0 ? TYPE_DIAGONAL : TYPE_ANTI_DIAGONAL;
    case 'disjoint':
      return TYPE_DISJOINT;
    case 'window':
      return TYPE_WINDOW;
    case 'asterisk':
      return TYPE_ASTERISK;
    case 'centre-dot':
      return TYPE_CENTRE_DOT;
    default:
      return TYPE_CUSTOM; // jigsaw pieces ('region') and extra regions
  }
}

function build(geometry: Geometry): SeHouses {
  const typeOf = new Uint8Array(geometry.houseCount);
  const byType: number[][] = Array.from({ length: 10 }, () => []);
  for (let house = 0; house < geometry.houseCount; house++) {
    const type = typeOfHouse(geometry, house);
    typeOf[house] = type;
    byType[type]!.push(house);
  }
  const typeIds: number[] = [];
  const typeStart: number[] = [];
  const order: number[] = [];
  for (let type = 0; type < 10; type++) {
    if (byType[type]!.length === 0) continue;
    typeIds.push(type);
    typeStart.push(order.length);
    order.push(...byType[type]!);
  }
  typeStart.push(order.length);
  const indexOf = (type: number): number => typeIds.indexOf(type);

  const singleRuns: [number, number][] = [];
  let k = 0;
  const basic = typeIds.filter((t) => t <= TYPE_ROW).length;
  singleRuns.push([0, basic]);
  k = basic;
  while (k < typeIds.length) {
    const diagonals = typeIds[k] === TYPE_DIAGONAL && typeIds[k + 1] === TYPE_ANTI_DIAGONAL;
    singleRuns.push([k, k + (diagonals ? 2 : 1)]);
    k += diagonals ? 2 : 1;
  }

  const pairs: [number, number][] = [];
  const add = (a: number, b: number): void => {
    const ia = indexOf(a);
    const ib = indexOf(b);
    if (ia >= 0 && ib >= 0) pairs.push([ia, ib]);
  };
  add(TYPE_BLOCK, TYPE_COLUMN);
  add(TYPE_BLOCK, TYPE_ROW);
  add(TYPE_COLUMN, TYPE_BLOCK);
  add(TYPE_ROW, TYPE_BLOCK);
  // The diagonals against the basic types.
  for (const basicType of [TYPE_BLOCK, TYPE_COLUMN, TYPE_ROW]) {
    add(basicType, TYPE_DIAGONAL);
    add(basicType, TYPE_ANTI_DIAGONAL);
  }
  for (const basicType of [TYPE_BLOCK, TYPE_COLUMN, TYPE_ROW]) {
    add(TYPE_DIAGONAL, basicType);
    add(TYPE_ANTI_DIAGONAL, basicType);
  }
  // Every further type: against the basic types both ways, the diagonals both ways, then the
  // windows (disjoint groups for the windows themselves), as SukakuExplainer's Locking lists them.
  for (const extra of [TYPE_DISJOINT, TYPE_WINDOW, TYPE_ASTERISK, TYPE_CENTRE_DOT, TYPE_CUSTOM]) {
    add(TYPE_BLOCK, extra);
    add(TYPE_COLUMN, extra);
    add(TYPE_ROW, extra);
    add(extra, TYPE_BLOCK);
    add(extra, TYPE_COLUMN);
    add(extra, TYPE_ROW);
    add(TYPE_DIAGONAL, extra);
    add(TYPE_ANTI_DIAGONAL, extra);
    add(extra, TYPE_DIAGONAL);
    add(extra, TYPE_ANTI_DIAGONAL);
    if (extra === TYPE_WINDOW) {
      add(TYPE_DISJOINT, extra);
      add(extra, TYPE_DISJOINT);
    } else if (extra !== TYPE_DISJOINT) {
      add(TYPE_WINDOW, extra);
      add(extra, TYPE_WINDOW);
    }
  }
  return Object.freeze({
    order: Uint8Array.from(order),
    typeStart: Object.freeze(typeStart),
    typeOf,
    singleRuns: Object.freeze(singleRuns.map((run) => Object.freeze(run))),
    lockingPairs: Object.freeze(pairs.map((pair) => Object.freeze(pair))),
    typeIds: Object.freeze(typeIds),
  });
}
