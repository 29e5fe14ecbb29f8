import type { CliIo } from './io.js';

/** Characters of the bar, when the total is known. */
const BAR_WIDTH = 24;

/** Redraws at most this often: a terminal cannot show more, and each redraw costs a write. */
const REDRAW_MS = 150;

/**
 * The CLI's one progress display: a line on stderr redrawn in place, `[#####-------] graded
 * 1,204/5,000 (312/s, about 12 s left)` (without the bar and the time left when the total is not
 * known), shown only when stderr is a terminal (logs and pipes get nothing from it).
 * Commands call {@link update} as often as they like; {@link clear} before printing anything else
 * to stderr, and at the end.
 */
export class Progress {
  private readonly enabled: boolean;
  private readonly started = performance.now();
  private lastDraw = -Infinity;
  private drawn = false;

  /**
   * @param what the verb or noun before the count (`checked`, `generate`, `writing page`)
   * @param total how many there will be, when known (then a rate and the time left are shown)
   */
  constructor(
    private readonly io: CliIo,
    private readonly what: string,
    private total?: number,
    enabled = true,
  ) {
    this.enabled = enabled && io.stderrIsTTY;
  }

  /** The count so far (and, when it changed, the total). */
  update(done: number, total = this.total): void {
    if (!this.enabled) return;
    this.total = total;
    const now = performance.now();
    if (now - this.lastDraw < REDRAW_MS && done !== total) return;
    this.lastDraw = now;
    const seconds = Math.max(1e-3, (now - this.started) / 1000);
    const rate = done / seconds;
    let text = `${this.what} ${done.toLocaleString('en-US')}`;
    if (total !== undefined) {
      const filled = Math.round((Math.min(done, total) / Math.max(1, total)) * BAR_WIDTH);
      text = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${text}/${total.toLocaleString('en-US')}`;
    }
    const parts = [`${rate >= 10 ? Math.round(rate).toLocaleString('en-US') : rate.toFixed(1)}/s`];
    if (total !== undefined && done > 0 && done < total) parts.push(`about ${formatSeconds(((total - done) / done) * seconds)} left`);
    this.io.stderr.write(`\r${text} (${parts.join(', ')})\x1b[K`);
    this.drawn = true;
  }

  /** A line of information on stderr (not progress: shown on a terminal or not). */
  note(text: string): void {
    this.clear();
    this.io.stderr.write(`${text}\n`);
  }

  /** Removes the line, if it is shown. */
  clear(): void {
    if (this.drawn) this.io.stderr.write('\r\x1b[K');
    this.drawn = false;
  }
}

function formatSeconds(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
