/**
 * The boards of an explain page, packed. A board's SVG is some 400 lines (one element each), and
 * consecutive boards share nearly all of them: the grid, the digits, the candidates left. Writing
 * each board out made an 84-step page 1.5 MB; here every distinct line is written once, and a
 * board is the list of its lines' numbers, as runs (`0-17,405,18-390`). The page's script joins a
 * board's lines back when its step is shown: the very SVG text `drawBoard` wrote, byte for byte.
 */

/** Collects boards; `data()` is what the page embeds. */
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
      if (/<\/script|<!--/i.test(line)) throw new Error(`a board line cannot go into a script block: ${line}`);
    }
    return `${this.boards.join(' ')}\n${this.lines.join('\n')}`;
  }
}

/**
 * The page script's half (ES5): `readBoards(text)` reads the block, `unpackBoard(data, k)` gives
 * board k's SVG text.
 */
export const UNPACK_SCRIPT = `function readBoards(text) {
    var end = text.indexOf('\\n');
    return { boards: text.slice(0, end).split(' '), lines: text.slice(end + 1).split('\\n') };
  }
  function unpackBoard(data, k) {
    var out = [], runs = data.boards[k].split(',');
    for (var r = 0; r < runs.length; r++) {
      var ends = runs[r].split('-'), from = Number(ends[0]), to = ends.length > 1 ? Number(ends[1]) : from;
      for (var n = from; n <= to; n++) out.push(data.lines[n]);
    }
    return out.join('\\n');
  }`;
