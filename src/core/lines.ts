/**
 * Lines of a text that arrives in chunks (a file or a pipe read as a stream), with a cap on how
 * much of one line is ever held: a file with no line break (`/dev/zero`, a 560 MB blob) used to
 * grow a single string until V8 refused it (`RangeError: Invalid string length`, 630 MB).
 */

/**
 * The longest line a puzzle reader takes: 64 KiB characters, far more than any record (an
 * 81-character line with a label, a row of a printed grid).
 */
export const MAX_LINE_LENGTH = 65536;

/**
 * Splits chunks of text into lines, as `readline` does (`\n`, `\r\n` and a lone `\r` end a line;
 * a last line without a break is yielded when not empty), but never builds a string longer than
 * `maxLength + 1` characters. A line past `maxLength` is yielded as soon as it passes it, as its
 * first `maxLength + 1` characters (so `line.length > maxLength` tells the reader it was cut), and
 * the rest of it, up to the next line break, is skipped without being kept: memory stays flat
 * even on an endless line. Line numbers are not disturbed: the cut line counts as one.
 */
export async function* splitLines(chunks: AsyncIterable<string>, maxLength = MAX_LINE_LENGTH): AsyncGenerator<string> {
  let pending = '';
  let skipping = false;
  // A chunk ended with '\r': a '\n' at the start of the next one belongs to the same break.
  let afterCr = false;
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    let start = 0;
    // Where the next '\r' and '\n' are (chunk.length: none left), searched for again only once
    // passed, so that a chunk with only one kind of break is still scanned in linear time.
    let cr = -1;
    let lf = -1;
    if (afterCr && chunk.charCodeAt(0) === 10) start = 1;
    afterCr = false;
    while (start < chunk.length) {
      if (cr < start) cr = nextIndex(chunk, '\r', start);
      if (lf < start) lf = nextIndex(chunk, '\n', start);
      const end = Math.min(cr, lf) === chunk.length ? -1 : Math.min(cr, lf);
      if (end < 0) {
        // No break in the rest of the chunk: keep it, up to the cap.
        if (!skipping) {
          const room = maxLength + 1 - pending.length;
          if (chunk.length - start >= room) {
            yield pending + chunk.slice(start, start + room);
            pending = '';
            skipping = true;
          } else {
            pending += chunk.slice(start);
          }
        }
        break;
      }
      if (skipping) {
        skipping = false;
      } else if (pending.length + end - start > maxLength) {
        yield pending + chunk.slice(start, start + maxLength + 1 - pending.length);
        pending = '';
      } else {
        yield pending + chunk.slice(start, end);
        pending = '';
      }
      if (chunk.charCodeAt(end) === 13) {
        if (end + 1 === chunk.length) afterCr = true;
        else if (chunk.charCodeAt(end + 1) === 10) start = end + 2;
        else start = end + 1;
        if (afterCr) break;
      } else {
        start = end + 1;
      }
    }
  }
  if (pending.length > 0 && !skipping) yield pending;
}

/** Index of `ch` at or after `from` in `text`, or `text.length` when there is none. */
function nextIndex(text: string, ch: string, from: number): number {
  const at = text.indexOf(ch, from);
  return at < 0 ? text.length : at;
}
