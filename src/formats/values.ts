
/** Digits as written in lines: 1-9, then A-G for 10-16 (sizes over 9). */
export const DIGIT_CHARS = '123456789ABCDEFG';

/** The character of a digit 1..16, or '.' for 0 (empty). */
export function digitChar(digit: number): string {
  return digit === 0 ? '.' : DIGIT_CHARS[digit - 1]!;
}

/** The digit a character stands for: '.' or '0' → 0, '1'-'9' → 1..9, 'A'-'G' → 10..16; -1 otherwise. */
export function charDigit(code: number): number {
  if (code === 46 || code === 48) return 0; // '.', '0'
  if (code >= 49 && code <= 57) return code - 48;
  if (code >= 65 && code <= 71) return code - 55; // 'A'..'G'
  return -1;
}

/** One value per cell of the rules as text: the rules' own {@link formatValues}, the one writer. */
export { formatValues } from '../rules/puzzle.js';
