/*
 * Aligned exclusion searching only what a board's change can make new (variant grading only:
 * buildRules links this in through variant-link.ts; classic searches every set, as fast there).
 *
 * The grader's next board is the last one less some candidates. A set of base cells is decided by
 * its cells' candidates and its common excluders (cells of two or three candidates seeing all of
 * them): a set none of whose cells changed or became a base since the last board where the search
 * found nothing, and with no changed cell seeing all of its cells (the only way its excluders can
 * differ), is the same set, and it gave nothing then. Only the others are searched.
 */

/** A board where a search found nothing, and its base cells (a cell set of three 27-bit words). */
interface FreeBoard {
  candidates: Uint16Array;
  bases: Int32Array;
  known: boolean;
}

/**
 * The last pair-free (kind 0) and triple-free (kind 1) boards of one geometry, and what a board
 * changed since.
 */
export class NearChange {
  private readonly free: FreeBoard[] = [0, 1].map(() => ({ candidates: new Uint16Array(81), bases: new Int32Array(3), known: false }));
  private peerWords: Int32Array = new Int32Array(0);
  /** Base cells (bits over base indices, three words) that changed or were no base on the last board. */
  private readonly newBases = new Int32Array(3);
  /** The changed cells (three 27-bit words), and for each, the base cells that see it (bits over base indices). */
  private readonly changedCells = new Int32Array(3);
  private readonly basesSeeing = new Int32Array(81 * 3);
  /** Result of {@link newThirds}: the base cells that can make a set with an unchanged pair new. */
  readonly wanted = new Int32Array(3);

  /**
   * Marks what changed for a board with `n` base cells (`bases`) when it is the last free board of
   * `kind` less some candidates, and returns true; else returns false (every set is searched).
   * `peerWords` are the rules' peers (the same rules as that board's: a NearChange serves one geometry).
   */
  mark(kind: number, c: Uint16Array, bases: Uint8Array, n: number, peerWords: Int32Array): boolean {
    const free = this.free[kind]!;
    if (!free.known) return false;
    this.peerWords = peerWords;
    const last = free.candidates;
    const changedCells = this.changedCells;
    changedCells.fill(0);
    for (let cell = 0; cell < 81; cell++) {
      if (c[cell] === last[cell]) continue;
      // Candidates gained: another puzzle, or a board given again.
      if ((c[cell]! & ~last[cell]!) !== 0) return false;
      setCell(changedCells, cell);
    }
    const newBases = this.newBases;
    newBases.fill(0);
    const lastBases = free.bases;
    for (let i = 0; i < n; i++) {
      const cell = bases[i]!;
      const word = (cell / 27) | 0;
      const bit = 1 << (cell % 27);
      if ((changedCells[word]! & bit) !== 0 || (lastBases[word]! & bit) === 0) newBases[i >> 5] = newBases[i >> 5]! | (1 << (i & 31));
    }
    for (let word = 0; word < 3; word++) {
      for (let bits = changedCells[word]!; bits !== 0; bits &= bits - 1) {
        const changed = word * 27 + 31 - Math.clz32(bits & -bits);
        const at = changed * 3;
        this.basesSeeing.fill(0, at, at + 3);
        for (let i = 0; i < n; i++) {
          const base = bases[i]!;
          if ((peerWords[changed * 3 + ((base / 27) | 0)]! & (1 << (base % 27))) !== 0) this.basesSeeing[at + (i >> 5)] = this.basesSeeing[at + (i >> 5)]! | (1 << (i & 31));
        }
      }
    }
    return true;
  }

  /** Whether the base cell of index `i` changed or was no base (after {@link mark}). */
  isNew(i: number): boolean {
    return (this.newBases[i >> 5]! & (1 << (i & 31))) !== 0;
  }

  /** Whether some changed cell sees both cells. */
  seesBoth(a: number, b: number): boolean {
    const { changedCells, peerWords } = this;
    return (
      ((changedCells[0]! & peerWords[a * 3]! & peerWords[b * 3]!) |
        (changedCells[1]! & peerWords[a * 3 + 1]! & peerWords[b * 3 + 1]!) |
        (changedCells[2]! & peerWords[a * 3 + 2]! & peerWords[b * 3 + 2]!)) !==
      0
    );
  }

  /**
   * For a pair of base cells neither of which is new: fills `wanted` with the base cells that can
   * make a set with them new (new ones, and those seeing a changed cell that sees both); returns
   * whether there is any.
   */
  newThirds(a: number, b: number): boolean {
    const { wanted, basesSeeing, peerWords } = this;
    wanted.set(this.newBases);
    for (let word = 0; word < 3; word++) {
      for (let bits = this.changedCells[word]! & peerWords[a * 3 + word]! & peerWords[b * 3 + word]!; bits !== 0; bits &= bits - 1) {
        const at = (word * 27 + 31 - Math.clz32(bits & -bits)) * 3;
        wanted[0] = wanted[0]! | basesSeeing[at]!;
        wanted[1] = wanted[1]! | basesSeeing[at + 1]!;
        wanted[2] = wanted[2]! | basesSeeing[at + 2]!;
      }
    }
    return (wanted[0]! | wanted[1]! | wanted[2]!) !== 0;
  }

  /** Remembers a board where the search of `kind` found nothing, with its `n` base cells. */
  remember(kind: number, c: Uint16Array, bases: Uint8Array, n: number): void {
    const free = this.free[kind]!;
    free.candidates.set(c);
    free.bases.fill(0);
    for (let i = 0; i < n; i++) setCell(free.bases, bases[i]!);
    free.known = true;
  }

  /** Forgets the last free board of `kind` (the search found something: the next board is searched whole). */
  forget(kind: number): void {
    this.free[kind]!.known = false;
  }
}

function setCell(set: Int32Array, cell: number): void {
  const word = (cell / 27) | 0;
  set[word] = set[word]! | (1 << (cell % 27));
}
