/**
 * An lz-string base64 stream of `length` characters that decompresses to 'a' repeated about
 * (codes)^2 / 2 times: every code names the phrase just being made (the previous phrase plus its
 * first character), so each phrase is one longer than the last. 60,000 characters make about
 * 300 million.
 */
export function lzBomb(length: number): string {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
  const bits: number[] = [];
  const write = (value: number, count: number): void => {
    for (let i = 0; i < count; i++) {
      bits.push(value & 1);
      value >>= 1;
    }
  };
  write(0, 2); // a literal of 8 bits
  write(97, 8); // 'a'
  // The decompressor's state after its first literal: 4 codes, 3 bits a code.
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  while (bits.length / 6 < length - 4) {
    write(dictSize++, numBits);
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
  write(2, numBits); // end of stream
  let text = '';
  for (let i = 0; i < bits.length; i += 6) {
    let sextet = 0;
    for (let j = 0; j < 6; j++) sextet = (sextet << 1) | (bits[i + j] ?? 0);
    text += ALPHABET[sextet]!;
  }
  return text;
}
