/**
 * Batches lines into large writes and waits when the stream asks to (pipes to slow readers),
 * so output of millions of records stays in constant memory.
 */
export class LineWriter {
    stream;
    batchBytes;
    buffer = [];
    size = 0;
    constructor(stream, batchBytes = 1 << 16) {
        this.stream = stream;
        this.batchBytes = batchBytes;
    }
    async line(text) {
        this.buffer.push(text);
        this.size += text.length + 1;
        if (this.size >= this.batchBytes)
            await this.flush();
    }
    async flush() {
        if (this.buffer.length === 0)
            return;
        const chunk = this.buffer.join('\n') + '\n';
        this.buffer = [];
        this.size = 0;
        if (!this.stream.write(chunk)) {
            await new Promise((resolve) => this.stream.once('drain', resolve));
        }
    }
}
/** A one-line progress counter on a terminal's stderr, redrawn at most every 200 ms. */
export class ProgressLine {
    stream;
    enabled;
    what;
    last = 0;
    shown = false;
    started = performance.now();
    constructor(stream, enabled, what) {
        this.stream = stream;
        this.enabled = enabled;
        this.what = what;
    }
    tick(done) {
        if (!this.enabled)
            return;
        const now = performance.now();
        if (now - this.last < 200)
            return;
        this.last = now;
        const rate = done / Math.max(1e-3, (now - this.started) / 1000);
        this.stream.write(`\r${this.what}: ${done.toLocaleString('en-US')} (${Math.round(rate).toLocaleString('en-US')}/s)\x1b[K`);
        this.shown = true;
    }
    clear() {
        if (this.shown)
            this.stream.write('\r\x1b[K');
        this.shown = false;
    }
}
/** `puzzles.txt:12` */
export function where(source, line) {
    return `${source}:${line}`;
}
