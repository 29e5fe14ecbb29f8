export { ALL_CHAIN_KINDS, CHAIN_KIND, CHAIN_KIND_IDS, findChainStep } from './search.js';
export { chainLengthIncrement, chainLengthTenths, roundDifficulty, seChainDifficulty } from './length.js';
export { formatChain, formatChainLines, formatChainNode } from './format.js';
