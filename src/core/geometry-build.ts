import type { HouseKind, Rules } from '../rules/types.js';
import { wordsOfHouses, type Geometry } from './geometry.js';

/*
 * The geometry of any 9x9 rules value (geometry.ts describes it). Only rules other than classic
 * need it, so it is a module of its own that buildRules links in (linkGeometryBuilder): an app
 * that grades classic grids never bundles it.
 */

/** The geometry of a 9x9 rules value, built afresh (classic included: the tests compare it with {@link classicGeometry}). */
export function buildGeometry(rules: Rules): Geometry {
  if (rules.size !== 9 || rules.cellCount !== 81) {
    throw new RangeError(`the technique ladder takes 9x9 grids of 81 cells, not ${rules.variant} ${rules.size}x${rules.size} (${rules.cellCount} cells)`);
  }
  const houses: ArrayLike<number>[] = [...rules.houses];
  const houseKinds: HouseKind[] = [...rules.houseKinds];
  // Windoku's five implied windows (each holds every digit once: e.g. columns 2-4 hold each digit
  // three times, their two windows twice, so rows 1, 5 and 9 of them once). SukakuExplainer counts
  // them among its nine windoku regions; the techniques see them as houses, and as peers.
  if (rules.spec.windoku === true) {
    for (const cells of IMPLIED_WINDOWS) houses.push(cells);
    for (let i = 0; i < IMPLIED_WINDOWS.length; i++) houseKinds.push('window');
  }
  const houseCount = houses.length;
  const houseCells = new Uint8Array(houseCount * 9);
  for (let house = 0; house < houseCount; house++) houseCells.set(houses[house]!, house * 9);
  const housesOf: number[][] = Array.from({ length: 81 }, () => []);
  for (let house = 0; house < houseCount; house++) for (let i = 0; i < 9; i++) housesOf[houseCells[house * 9 + i]!]!.push(house);
  const cellHouseStart = new Uint16Array(82);
  const cellHouseList: number[] = [];
  const peerStart = new Uint16Array(82);
  const peerList: number[] = [];
  const peerWords = new Int32Array(81 * 3);
  const addPeer = (cell: number, peer: number): void => {
    peerWords[cell * 3 + Math.floor(peer / 27)] = peerWords[cell * 3 + Math.floor(peer / 27)]! | (1 << (peer % 27));
  };
  for (let cell = 0; cell < 81; cell++) {
    for (const peer of rules.peers[cell]!) addPeer(cell, peer);
    for (let house = rules.houses.length; house < houseCount; house++) {
      if (!housesOf[cell]!.includes(house)) continue;
      for (let i = 0; i < 9; i++) if (houseCells[house * 9 + i] !== cell) addPeer(cell, houseCells[house * 9 + i]!);
    }
  }
  for (let cell = 0; cell < 81; cell++) {
    cellHouseStart[cell] = cellHouseList.length;
    for (const house of housesOf[cell]!) cellHouseList.push(house);
    peerStart[cell] = peerList.length;
    for (let peer = 0; peer < 81; peer++) if ((peerWords[cell * 3 + Math.floor(peer / 27)]! & (1 << (peer % 27))) !== 0) peerList.push(peer);
  }
  cellHouseStart[81] = cellHouseList.length;
  peerStart[81] = peerList.length;
  const regionOf = new Uint8Array(81);
  for (let cell = 0; cell < 81; cell++) regionOf[cell] = rules.regionOf[cell]!;
  return Object.freeze({
    rules,
    variant: rules.variant,
    classic: false,
    houseCount,
    houseCells,
    houseWords: wordsOfHouses(houseCells, houseCount),
    houseKinds: Object.freeze(houseKinds),
    rowOf: Uint8Array.from(rules.rowOf),
    colOf: Uint8Array.from(rules.colOf),
    regionOf,
    cellHouseStart,
    cellHouses: Uint8Array.from(cellHouseList),
    peerStart,
    peers: Uint8Array.from(peerList),
    peerWords,
    cageOf: rules.cageOf,
    regularBoxes: rules.boxShape !== null && rules.boxShape.rows === 3 && rules.boxShape.cols === 3,
    startMasks: rules.startMasks,
  });
}

/** Windoku's implied windows (cells ascending): rows 1, 5, 9 x columns 2-4 and 6-8; rows 2-4 and 6-8 x columns 1, 5, 9; rows and columns 1, 5, 9. */
const IMPLIED_WINDOWS: readonly (readonly number[])[] = [
  [1, 2, 3, 37, 38, 39, 73, 74, 75],
  [5, 6, 7, 41, 42, 43, 77, 78, 79],
  [9, 13, 17, 18, 22, 26, 27, 31, 35],
  [45, 49, 53, 54, 58, 62, 63, 67, 71],
  [0, 4, 8, 36, 40, 44, 72, 76, 80],
];
