/**
 * Line breaking and shortening in linear time, over any text measure (pdfkit's widthOfString in
 * the writer, a fake in tests). Measuring a growing candidate line for each word, or cutting one
 * character at a time, is quadratic: a title of 3,000 characters then took 20 s and 1.6 GB.
 */

/** Width of a text at the current font and size. */
export type Measure = (text: string) => number;

/**
 * Shortens `text` with an ellipsis until it fits `width`: a binary search over the cut, so
 * O(log n) measures of at most n characters.
 */
export function fitText(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  // The longest prefix that fits with the ellipsis (at least one character, as before).
  let low = 1;
  let high = text.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (measure(`${text.slice(0, mid)}\u2026`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, Math.max(1, low))}\u2026`;
}

/**
 * Greedy word wrap to `width`: every word is measured once and lines are summed word by word
 * (plus a space), then each line is fitted (a single word wider than the line is shortened). A line
 * break in the text starts a new paragraph (an empty one gives an empty line). Past `maxLines`, the
 * last line takes the rest of the text and ends with an ellipsis.
 */
export function wrapText(text: string, width: number, measure: Measure, maxLines = Number.POSITIVE_INFINITY): string[] {
  const space = measure(' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let words: string[] = [];
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/)) {
      if (word === '') continue;
      const w = measure(word);
      if (words.length > 0 && lineWidth + space + w > width) {
        lines.push(words.join(' '));
        words = [];
        lineWidth = 0;
      }
      lineWidth += (words.length > 0 ? space : 0) + w;
      words.push(word);
    }
    lines.push(words.join(' '));
  }
  if (lines.length === 1 && lines[0] === '') lines.length = 0;
  if (lines.length > maxLines) {
    const rest = lines.slice(maxLines - 1).join(' ');
    lines.length = maxLines - 1;
    // The rest on one line, cut to fit with the ellipsis even if it would have fitted whole.
    lines.push(fitText(`${rest}\u2026`, width, measure));
  }
  return lines.map((line) => fitText(line, width, measure));
}

/**
 * A text of the book (`--texts`, a template's `texts`, `--rights`) that does not fit where it is
 * printed. It is refused rather than cut or printed over the margin and the page number.
 */
export class TextFitError extends Error {
  override readonly name = 'TextFitError';
  readonly code = 'TEXT_TOO_LONG';
  constructor(
    /** The text's key, e.g. `howToPlay` or `levels.easy`. */
    readonly text: string,
    message: string,
  ) {
    super(message);
  }
}

function countWords(text: string): number {
  let count = 0;
  for (const word of text.split(/\s+/)) if (word !== '') count++;
  return count;
}

/**
 * The error for text `key` (`text` in full) of which only `fitting` lines (as wrapped) fit on
 * `where`: it says how many of its words fit.
 */
export function textDoesNotFit(key: string, where: string, text: string, fitting: readonly string[]): TextFitError {
  const total = countWords(text);
  const fit = countWords(fitting.join(' '));
  const words = (n: number): string => `${n.toLocaleString('en-US')} word${n === 1 ? '' : 's'}`;
  return new TextFitError(
    key,
    `the "${key}" text does not fit ${where}: ${fit === 0 ? 'none' : `only the first ${fit.toLocaleString('en-US')}`} of its ${words(total)} fit${fit === 1 ? 's' : ''} there; shorten it`,
  );
}

/** The error for text `key` that fits on `where` but leaves no room for `what` (a board, the first hints). */
export function textLeavesNoRoom(key: string, where: string, what: string): TextFitError {
  return new TextFitError(key, `the "${key}" text leaves no room for ${what} on ${where}; shorten it`);
}
