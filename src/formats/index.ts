export type { ReadVariant } from './common.js';
export { parseVariantLine, formatVariantLine, formatSolution, type VariantLineOptions } from './line.js';
export { toFpuzzles, fromFpuzzles, fromFpuzzlesJson, toFpuzzlesBase64, fromFpuzzlesBase64, type FpuzzlesPuzzle, type FpuzzlesCell } from './fpuzzles.js';
export { fromSoloId } from './solo.js';
export {
  AnyPuzzleReader,
  isVariantRecord,
  readAnyPuzzles,
  readAnyPuzzlesText,
  parseVariantPuzzle,
  type VariantRecord,
  type VariantFormat,
  type AnyRecord,
  type AnyReadResult,
} from './reader.js';
export { lzCompressToBase64, lzDecompressFromBase64 } from './lz-base64.js';
