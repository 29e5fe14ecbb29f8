import type { Writable } from 'node:stream';

/**
 * Batches lines into large writes and waits when the stream asks to (pipes to slow readers),
 * so output of millions of records stays in constant memory.
 */
export class LineWriter {
  private buffer: string[] = [];
  private size = 0;

  constructor(private readonly stream: Writable, private readonly batchBytes = 1 << 16) {}

  async line(text: string): Promise<void> {
    this.buffer.push(text);
    this.size += text.length + 1;
    if (this.size >= this.batchBytes) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join('\n') + '\n';
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve) => this.stream.once('drain', resolve));
    }
  }
}

/** A one-line progress counter on a terminal's stderr, redrawn at most every 200 ms. */
export class ProgressLine {
  private last = 0;
  private shown = false;
  private readonly started = performance.now();

  constructor(private readonly stream: Writable, private readonly enabled: boolean, private readonly what: string) {}

  tick(done: number): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.last < 200) return;
    this.last = now;
    const rate = done / Math.max(1e-3, (now - this.started) / 1000);
    this.stream.write(`\r${this.what}: ${done.toLocaleString('en-US')} (${Math.round(rate).toLocaleString('en-US')}/s)\x1b[K`);
    this.shown = true;
  }

  clear(): void {
    if (this.shown) this.stream.write('\r\x1b[K');
    this.shown = false;
  }
}

/** `puzzles.txt:12` */
export function where(source: string, line: number): string {
  return `${source}:${line}`;
}
