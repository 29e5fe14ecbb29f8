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

/** `puzzles.txt:12` */
export function where(source: string, line: number): string {
  return `${source}:${line}`;
}
