import { closeSync, createReadStream, open, openSync, readSync, statSync } from 'node:fs';
import { Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { MAX_LINE_LENGTH, splitLines } from '../core/lines.js';

/**
 * The lines of a stream of UTF-8 text (a file, a pipe, standard input), each at most
 * `maxLength + 1` characters: a longer line comes cut there and the rest of it is skipped in flat
 * memory (see splitLines). What `readline` gives, minus its unbounded line buffer.
 */
export function textLines(stream: Readable, maxLength = MAX_LINE_LENGTH): AsyncGenerator<string> {
  return splitLines(decode(stream), maxLength);
}

async function* decode(stream: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  // Leaving the loop early (a command that has read enough) destroys the stream, as readline did.
  for await (const chunk of stream as AsyncIterable<string | Buffer>) {
    yield typeof chunk === 'string' ? chunk : decoder.write(chunk);
  }
  const rest = decoder.end();
  if (rest !== '') yield rest;
}

/**
 * A whole small text file (a template, a texts file) read as UTF-8, or null when it holds more
 * than `maxChars` characters: at most `3 * maxChars + 1` bytes are ever read (a UTF-8 byte
 * sequence is never shorter than a third of the UTF-16 text it makes), so `/dev/zero` or a
 * multi-gigabyte file is refused at once instead of read whole. A leading byte order mark is
 * dropped. System errors are thrown as is.
 */
export function readSmallTextFile(file: string, maxChars: number): string | null {
  const limit = 3 * maxChars + 1;
  const buffer = Buffer.alloc(Math.min(limit, 65536));
  const parts: Buffer[] = [];
  let total = 0;
  const fd = openSync(file, 'r');
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, limit - total), null);
      if (read === 0) break;
      parts.push(Buffer.from(buffer.subarray(0, read)));
      total += read;
      if (total >= limit) return null;
    }
  } finally {
    closeSync(fd);
  }
  // A byte order mark (editors on Windows write one) is not part of the text.
  const text = Buffer.concat(parts, total).toString('utf8').replace(/^\uFEFF/, '');
  return text.length > maxChars ? null : text;
}

/**
 * A file opened for reading as text: a regular file as a file stream; a named pipe (`<(cat f)`,
 * `mkfifo`) as a socket, so that a reader that stops early (`book --puzzles` once it has enough)
 * leaves no read blocked in the thread pool, which kept the process alive until the writer closed.
 */
export async function openTextStream(path: string): Promise<Readable> {
  if (!statSync(path).isFIFO()) return createReadStream(path, { encoding: 'utf8' });
  const fd = await new Promise<number>((resolve, reject) => open(path, 'r', (error, opened) => (error ? reject(error) : resolve(opened))));
  const socket = new Socket({ fd, readable: true, writable: false });
  socket.setEncoding('utf8');
  return socket;
}
