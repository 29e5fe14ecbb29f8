/**
 * The boards of an explain page, packed. A board's SVG is some 400 lines (one element each), and
 * consecutive boards share nearly all of them: the grid, the digits, the candidates left. Writing
 * each board out made an 84-step page 1.5 MB; here every distinct line is written once, and a
 * board is the list of its lines' numbers, as runs (`0-17,405,18-390`); repeated paint attributes are
 * shared too (see `text()`). The page's script joins a board's lines back when its step is shown: the
 * very SVG text `drawBoard` wrote, byte for byte.
 */

const TAIL_START = ' fill=';

/** Collects boards; `text()` is what the page embeds. */
export class BoardPacker {
  private readonly lines: string[] = [];
  private readonly numbers = new Map<string, number>();
  private readonly boards: string[] = [];

  /** Adds a board's SVG text; returns its number. */
  add(svg: string): number {
    const runs: string[] = [];
    let start = -1;
    let previous = -2;
    const close = () => {
      if (start >= 0) runs.push(start === previous ? String(start) : `${start}-${previous}`);
    };
    for (const line of svg.split('\n')) {
      let n = this.numbers.get(line);
      if (n === undefined) {
        n = this.lines.length;
        this.lines.push(line);
        this.numbers.set(line, n);
      }
      if (n !== previous + 1) {
        close();
        start = n;
      }
      previous = n;
    }
    close();
    this.boards.push(runs.join(','));
    return this.boards.length - 1;
  }

  /**
   * The text of a `<script type="text/plain">` block: the boards' runs on the first line, separated
   * by spaces, then one SVG line per line. Raw text, not JSON (JSON would escape every quote of
   * every attribute: 14% more). A script block's text ends only at `</script`, and SVG text from
   * the drawing has every `<` of its content escaped, so no line holds `</script` or `<!--`; the
   * check keeps it so.
   */
  text(): string {
    for (const line of this.lines) {
      if (/<\/script|<!--|\t/i.test(line)) throw new Error(`a board line cannot go into a script block: ${line}`);
    }
    // Shared tails: an element's paint (from ' fill=' on: colour, width, dashes, caps) repeats over
    // hundreds of lines that differ only in their geometry; each such tail is written once, and a
    // line ends in a tab and the tail's number instead. 40% less on a page of nested chains.
    const uses = new Map<string, number>();
    for (const line of this.lines) {
      const at = line.indexOf(TAIL_START);
      if (at >= 0) uses.set(line.slice(at), (uses.get(line.slice(at)) ?? 0) + 1);
    }
    const tails: string[] = [];
    const tailNumber = new Map<string, number>();
    for (const [tail, count] of uses) {
      if (count < 2 || tail.length < 10) continue;
      tailNumber.set(tail, tails.length);
      tails.push(tail);
    }
    const lines = this.lines.map((line) => {
      const at = line.indexOf(TAIL_START);
      const k = at >= 0 ? tailNumber.get(line.slice(at)) : undefined;
      return k === undefined ? line : `${line.slice(0, at)}\t${k}`;
    });
    return `${this.boards.join(' ')}\n${tails.join('\t')}\n${lines.join('\n')}`;
  }
}

/**
 * The page script's half (ES5): `readBoards(text)` reads the block (runs, tails, lines; tails put
 * back), `unpackBoard(data, k)` gives board k's SVG text.
 */
export const UNPACK_SCRIPT = `function readBoards(text) {
    var first = text.indexOf('\\n'), second = text.indexOf('\\n', first + 1);
    var tails = text.slice(first + 1, second).split('\\t'), lines = text.slice(second + 1).split('\\n');
    for (var i = 0; i < lines.length; i++) {
      var at = lines[i].indexOf('\\t');
      if (at >= 0) lines[i] = lines[i].slice(0, at) + tails[Number(lines[i].slice(at + 1))];
    }
    return { boards: text.slice(0, first).split(' '), lines: lines };
  }
  function unpackBoard(data, k) {
    var out = [], runs = data.boards[k].split(',');
    for (var r = 0; r < runs.length; r++) {
      var ends = runs[r].split('-'), from = Number(ends[0]), to = ends.length > 1 ? Number(ends[1]) : from;
      for (var n = from; n <= to; n++) out.push(data.lines[n]);
    }
    return out.join('\\n');
  }`;
