import type { Geometry } from '../../core/geometry.js';
import { MAX_HOUSES, type SeHouses } from './se-units.js';

/*
 * The chain houses of any geometry (se-units.ts describes them): SukakuExplainer's order of a
 * cell's region types, cage-mates as weak links, the pairs its Locking visits. Only rules other
 * than classic need it (classic has its own tables in se-units.ts), so buildRules links it in
 * (techniques/variant-link.ts) and classic bundles do not carry it.
 */

/** Rank of a house kind in SukakuExplainer's region types (diagonals apart: see rankOf). */
const KIND_RANK: Record<string, number> = {
  box: 0,
  row: 1,
  column: 2,
  diagonal: 3,
  disjoint: 5,
  window: 6,
  asterisk: 7,
  'centre-dot': 8,
  extra: 9,
  region: 10,
};

function rankOf(geometry: Geometry, house: number): number {
  const kind = geometry.houseKinds[house]!;
  const rank = KIND_RANK[kind] ?? 9;
  // SukakuExplainer's "Diagonal" is "/" (r1c9 to r9c1), visited before its "AntiDiagonal" "\".
  if (kind === 'diagonal') return geometry.houseCells[house * 9] === 8 ? 3 : 4;
  return rank;
}

/** The chain houses of any 9x9 geometry (classic included: the tests compare it with se-units.ts's classic tables). */
export function buildChainHouses(geometry: Geometry): SeHouses {
  if (geometry.houseCount > MAX_HOUSES) throw new RangeError(`the chain searches take at most ${MAX_HOUSES} houses, not ${geometry.houseCount}`);
  const cells = geometry.houseCells;
  const start = new Uint16Array(82);
  const house: number[] = [];
  const index: number[] = [];
  const seen: number[] = [];
  const cageStart = new Uint16Array(82);
  const cageMates: number[] = [];
  const peerStart = new Uint16Array(82);
  const weakPeers: number[] = [];
  let maxHousesOfCell = 0;
  let maxPeers = 0;
  const inEarlier = new Uint8Array(81);
  for (let cell = 0; cell < 81; cell++) {
    start[cell] = house.length;
    peerStart[cell] = weakPeers.length;
    const own: number[] = [];
    for (let k = geometry.cellHouseStart[cell]!; k < geometry.cellHouseStart[cell + 1]!; k++) own.push(geometry.cellHouses[k]!);
    own.sort((a, b) => rankOf(geometry, a) - rankOf(geometry, b) || a - b);
    inEarlier.fill(0);
    inEarlier[cell] = 1;
    for (const h of own) {
      let mask = 0;
      let at = -1;
      for (let i = 0; i < 9; i++) {
        const other = cells[h * 9 + i]!;
        if (other === cell) at = i;
        if (inEarlier[other]) mask |= 1 << i;
      }
      for (let i = 0; i < 9; i++) {
        const other = cells[h * 9 + i]!;
        if (inEarlier[other]) continue;
        inEarlier[other] = 1;
        weakPeers.push(other);
      }
      house.push(h);
      index.push(at);
      seen.push(mask);
    }
    cageStart[cell] = cageMates.length;
    for (let k = geometry.peerStart[cell]!; k < geometry.peerStart[cell + 1]!; k++) {
      const peer = geometry.peers[k]!;
      if (inEarlier[peer]) continue;
      cageMates.push(peer);
      weakPeers.push(peer);
    }
    maxHousesOfCell = Math.max(maxHousesOfCell, own.length);
    maxPeers = Math.max(maxPeers, weakPeers.length - peerStart[cell]!);
  }
  start[81] = house.length;
  const houseCount = geometry.houseCount;
  const ranks: number[] = [];
  for (let h = 0; h < houseCount; h++) if (!ranks.includes(rankOf(geometry, h))) ranks.push(rankOf(geometry, h));
  ranks.sort((a, b) => a - b);
  const ofRank = (rank: number): number[] => Array.from({ length: houseCount }, (_, h) => h).filter((h) => rankOf(geometry, h) === rank);
  const order = ranks.flatMap(ofRank);
  // Region-type pairs as Locking.java lists them: box / line pairs, then each extra type with the
  // box, column and row (both ways), then with each extra type before it (both ways).
  const typePairs: [number, number][] = [[0, 2], [0, 1], [2, 0], [1, 0]];
  const extras = ranks.filter((rank) => rank > 2);
  extras.forEach((e, i) => {
    typePairs.push([0, e], [2, e], [1, e], [e, 0], [e, 2], [e, 1]);
    for (const f of extras.slice(0, i)) typePairs.push([f, e], [e, f]);
  });
  const lockingPairs: number[] = [];
  for (const [a, b] of typePairs) {
    for (const source of ofRank(a)) {
      for (const target of ofRank(b)) {
        let shared = 0;
        for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) if (cells[source * 9 + i] === cells[target * 9 + j]) shared++;
        if (shared > 0 && source !== target) lockingPairs.push(source, target);
      }
    }
  }
  cageStart[81] = cageMates.length;
  peerStart[81] = weakPeers.length;
  return Object.freeze({
    geometry,
    houseCount: geometry.houseCount,
    cells,
    start,
    house: Uint8Array.from(house),
    index: Uint8Array.from(index),
    seen: Uint16Array.from(seen),
    cageStart,
    cageMates: Uint8Array.from(cageMates),
    peerStart,
    weakPeers: Uint8Array.from(weakPeers),
    order: Uint8Array.from(order),
    lockingPairs: Uint8Array.from(lockingPairs),
    maxHousesOfCell,
    maxPeers,
  });
}
