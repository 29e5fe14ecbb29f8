import type { Writable } from 'node:stream';

/**
 * Control characters (C0 but tab and line feed, DEL, C1) and the line and paragraph separators, written as
 * `\u001b`: a label holding terminal escapes (`ESC ]0;title BEL`) is shown, never obeyed. The same
 * escape is valid inside a JSON string, and no other place of our lines holds such characters.
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` with control characters escaped for a terminal (see {@link UNSAFE}). */
export function terminalSafe(text: string): string {
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(text)) return text;
  UNSAFE.lastIndex = 0;
  return text.replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `text` as one terminal-safe line: control characters and line breaks escaped (for error messages). */
export function oneLine(text: string): string {
  return terminalSafe(text).replace(/\n/g, '\\n');
}

/** Output that could not be written (a full disk, a closed pipe); `code` is the system's. */
export class OutputWriteError extends Error {
  override readonly name = 'OutputWriteError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** `cannot write output: no space left on device` for a stream's error. */
export function outputWriteError(error: unknown, what = 'output'): OutputWriteError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'EIO';
  const reasons: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EFBIG: 'file too large',
    EIO: 'input/output error',
    EPIPE: 'the reader closed the pipe',
    EACCES: 'permission denied',
    EBADF: 'the output is closed',
  };
  const reason = reasons[code] ?? (error instanceof Error ? error.message.replace(/^[A-Z]+: /, '') : String(error));
  return new OutputWriteError(code, `cannot write ${what}: ${reason}`);
}

/**
 * Batches lines into large writes and waits when the stream asks to (pipes to slow readers),
 * so output of millions of records stays in constant memory. Lines are made terminal-safe
 * ({@link terminalSafe}); a stream error (a full disk) makes the next call throw an
 * {@link OutputWriteError}.
 */
export class LineWriter {
  private buffer: string[] = [];
  private size = 0;
  private failure: unknown = null;

  constructor(
    private readonly stream: Writable,
    private readonly batchBytes = 1 << 16,
    private readonly what = 'output',
  ) {
    stream.on('error', (error) => {
      this.failure ??= error;
    });
  }

  async line(text: string): Promise<void> {
    if (this.failure) throw outputWriteError(this.failure, this.what);
    const safe = terminalSafe(text);
    this.buffer.push(safe);
    this.size += safe.length + 1;
    if (this.size >= this.batchBytes) await this.flush();
  }

  /** Bytes (UTF-8) handed to the stream so far. */
  written = 0;

  async flush(): Promise<void> {
    if (this.failure) throw outputWriteError(this.failure, this.what);
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join('\n') + '\n';
    this.buffer = [];
    this.size = 0;
    this.written += Buffer.byteLength(chunk);
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.stream.off('drain', done);
          this.stream.off('error', done);
          this.stream.off('close', done);
          resolve();
        };
        this.stream.on('drain', done);
        this.stream.on('error', done);
        this.stream.on('close', done);
      });
    }
    if (this.failure) throw outputWriteError(this.failure, this.what);
  }
}

/** `puzzles.txt:12` */
export function where(source: string, line: number): string {
  return `${source}:${line}`;
}

/** The inputs of a command as a message names them: files by name (made safe to print), `-` or none as standard input. */
export function inputsName(files: readonly string[]): string {
  if (files.length === 0) return 'standard input';
  return terminalSafe(files.map((name) => (name === '-' ? 'standard input' : name)).join(', '));
}
