/*
 * lz-string's base64 form (compressToBase64 / decompressFromBase64), the text of f-puzzles and
 * SudokuPad links, written here rather than taken from the npm package `lz-string`: that package
 * is CommonJS only (a bundler cannot drop it or shake it), and the portable core takes no runtime
 * dependency. The tests hold this code to the npm package's output byte for byte.
 *
 * The algorithm (LZW with a growing code width): the dictionary starts with the codes 0 (next
 * char fits 8 bits), 1 (16 bits) and 2 (end of stream). Each new character is first sent as a
 * literal (code 0 or 1, then its bits); phrases w + c are added with the next code; the width of a
 * code grows by one bit each time the number of codes reaches the next power of two. Bits are
 * packed 6 to a base64 character, lowest bit of each value first, most significant bit of each
 * character first.
 */
import { OptionError, shownValue } from '../core/errors.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
const INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) INDEX[ALPHABET.charCodeAt(i)] = i;

class BitWriter {
  private value = 0;
  private position = 0;
  readonly out: string[] = [];

  /** Writes `bits` bits of `data`, lowest first. */
  write(data: number, bits: number): void {
    for (let i = 0; i < bits; i++) {
      this.value = (this.value << 1) | (data & 1);
      data >>= 1;
      if (++this.position === 6) {
        this.out.push(ALPHABET[this.value]!);
        this.value = 0;
        this.position = 0;
      }
    }
  }

  /** Pads the last character with zero bits. */
  flush(): void {
    // As lz-string does: at least one bit, so that an aligned stream still ends with a zero character.
    do this.write(0, 1);
    while (this.position !== 0);
  }
}

/** lz-string's `compressToBase64`: the same text, padded with '=' to a multiple of 4. */
export function lzCompressToBase64(input: string): string {
  checkInput(input);
  const writer = new BitWriter();
  const dictionary = new Map<string, number>();
  const toCreate = new Set<string>();
  let w = '';
  let enlargeIn = 2;
  let dictSize = 3;
  let numBits = 2;

  const emit = (phrase: string): void => {
    if (toCreate.has(phrase)) {
      const code = phrase.charCodeAt(0);
      if (code < 256) {
        writer.write(0, numBits);
        writer.write(code, 8);
      } else {
        writer.write(1, numBits);
        writer.write(code, 16);
      }
      if (--enlargeIn === 0) {
        enlargeIn = 2 ** numBits;
        numBits++;
      }
      toCreate.delete(phrase);
    } else {
      writer.write(dictionary.get(phrase)!, numBits);
    }
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  };

  for (let i = 0; i < input.length; i++) {
    const c = input.charAt(i);
    if (!dictionary.has(c)) {
      dictionary.set(c, dictSize++);
      toCreate.add(c);
    }
    const wc = w + c;
    if (dictionary.has(wc)) {
      w = wc;
      continue;
    }
    emit(w);
    dictionary.set(wc, dictSize++);
    w = c;
  }
  if (w !== '') emit(w);
  writer.write(2, numBits);
  writer.flush();
  const text = writer.out.join('');
  return text + '='.repeat((4 - (text.length % 4)) % 4);
}

/** The codec's input: a string, or an OptionError BAD_OPTION. */
function checkInput(input: unknown): void {
  if (typeof input !== 'string') throw new OptionError('BAD_OPTION', `lz-string input must be a string (got ${input === null ? 'null' : typeof input})`);
}

/**
 * lz-string's `decompressFromBase64`: the text, or null when the input is not such a stream
 * (a character outside base64, or codes that do not make sense). Each code can name a phrase one
 * character longer than the last, so n characters of input may stand for about (n / 2)^2 of
 * output (60,000 for 300 million): give `maxLength` when the input is not trusted.
 * @throws RangeError when the text would be longer than `options.maxLength`; OptionError
 * (BAD_OPTION) for input that is not a string or a `maxLength` that is not a number of at least 0.
 */
export function lzDecompressFromBase64(input: string, options: { maxLength?: number } = {}): string | null {
  checkInput(input);
  if (typeof options !== 'object' || options === null) throw new OptionError('BAD_OPTION', `lz-string options must be an object (got ${options === null ? 'null' : typeof options})`);
  const maxLength = options.maxLength ?? Infinity;
  if (typeof maxLength !== 'number' || !(maxLength >= 0)) throw new OptionError('BAD_OPTION', `maxLength must be a number of at least 0 (got ${shownValue(maxLength)})`);
  const length = input.length;
  let index = 0;
  let value = 0;
  let position = 0; // bits left in `value`, read most significant first

  const read = (bits: number): number => {
    let result = 0;
    for (let i = 0; i < bits; i++) {
      if (position === 0) {
        if (index >= length) throw new LzError();
        const code = input.charCodeAt(index++);
        const sextet = code < 128 ? INDEX[code]! : -1;
        if (sextet < 0) throw new LzError();
        value = sextet === 64 ? 0 : sextet; // '=' is padding, read as zero bits
        position = 6;
      }
      position--;
      result |= ((value >> position) & 1) << i;
    }
    return result;
  };

  try {
    const dictionary: string[] = ['', '', ''];
    let enlargeIn = 4;
    let dictSize = 4;
    let numBits = 3;
    const first = read(2);
    let c: string;
    if (first === 0) c = String.fromCharCode(read(8));
    else if (first === 1) c = String.fromCharCode(read(16));
    else return '';
    dictionary[3] = c;
    let w = c;
    const result: string[] = [c];
    let total = 1;
    for (;;) {
      if (index > length) return null;
      let code = read(numBits);
      if (code === 0 || code === 1) {
        dictionary[dictSize++] = String.fromCharCode(read(code === 0 ? 8 : 16));
        code = dictSize - 1;
        enlargeIn--;
      } else if (code === 2) {
        return result.join('');
      }
      if (enlargeIn === 0) {
        enlargeIn = 2 ** numBits;
        numBits++;
      }
      let entry: string;
      if (code < dictionary.length && dictionary[code] !== undefined && code >= 3) entry = dictionary[code]!;
      else if (code === dictSize) entry = w + w.charAt(0);
      else return null;
      total += entry.length;
      if (total > maxLength) throw new RangeError(`the decompressed text is longer than ${maxLength} characters`);
      result.push(entry);
      dictionary[dictSize++] = w + entry.charAt(0);
      if (--enlargeIn === 0) {
        enlargeIn = 2 ** numBits;
        numBits++;
      }
      w = entry;
    }
  } catch (error) {
    if (error instanceof LzError) return null;
    throw error;
  }
}

class LzError extends Error {}
