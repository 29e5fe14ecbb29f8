/**
 * Writes the classic references of `npm run bench:variants` for the rows whose puzzles are not
 * Solo's intermediate ones (the reference of the others is classic-solo.txt):
 * - classic-minimal.txt: classic 9x9 puzzles made exactly as the windoku set (make-variant-fixtures.ts,
 *   windoku()): one solution (our rules solver on the empty grid), per puzzle a random relabelling of
 *   its digits and a random removal order, a given removed while the puzzle stays unique;
 * - classic-unreasonable.txt: Solo's unreasonable classic 9x9, as jigsaw-unreasonable.txt is made.
 * Run from the repository's root:
 *   npx esbuild test/helpers/make-classic-references.ts --bundle --platform=node --format=esm --outfile=/tmp/mcr.mjs && node /tmp/mcr.mjs
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { classicRules } from '../../src/rules/index.js';
import { countRules, solveRules } from '../../src/solver/rules-solver.js';
import { readSoloId } from './solo-id.js';

const OUT = new URL('test/fixtures/variants/', `file://${process.cwd()}/`);
const CHARS = '.123456789';
const SEED = 'vsolver-classic-minimal';
const COUNT = 100;

const rules = classicRules(9);
const random = seedrandom(SEED);
const base = solveRules(rules, new Uint8Array(81))!;
const lines: string[] = [];
while (lines.length < COUNT) {
  const relabel = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  for (let i = 9; i > 1; i--) {
    const j = 1 + Math.floor(random() * i);
    [relabel[i], relabel[j]] = [relabel[j]!, relabel[i]!];
  }
  const givens = Uint8Array.from(base, (d) => relabel[d]!);
  const order = Array.from({ length: 81 }, (_, i) => i);
  for (let i = 80; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (const cell of order) {
    const digit = givens[cell]!;
    givens[cell] = 0;
    if (countRules(rules, givens, 2) !== 1) givens[cell] = digit;
  }
  lines.push(JSON.stringify({ size: 9, givens: Array.from(givens, (d) => CHARS[d]).join('') }));
}
const header = [
  '# Classic 9x9, minimal givens, made as windoku.txt (the windoku row\'s reference in bench:variants)',
  `# source: test/helpers/make-classic-minimal.ts, seedrandom('${SEED}'): one solution (our rules solver on the empty grid), digits relabelled at random, givens removed in random order while unique`,
];
writeFileSync(new URL('classic-minimal.txt', OUT), [...header, ...lines, ''].join('\n'));

const SOLO_PARAMS = '3x3du#vsolver';
const SOLO_COUNT = 30;
const soloVersion = execFileSync('/usr/games/sgt-solo', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
const ids = execFileSync('/usr/games/sgt-solo', ['--generate', String(SOLO_COUNT), SOLO_PARAMS], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n');
const soloLines = ids.map((id) => JSON.stringify({ size: 9, givens: readSoloId(id).givens.map((d) => CHARS[d]).join(''), solo: id }));
const soloHeader = [
  "# Classic 9x9, Solo unreasonable (the jigsaw unreasonable row's reference in bench:variants)",
  `# source: sgt-solo --generate ${SOLO_COUNT} '${SOLO_PARAMS}' (${soloVersion}), IDs read by test/helpers/solo-id.ts`,
  '# made by test/helpers/make-classic-references.ts',
];
writeFileSync(new URL('classic-unreasonable.txt', OUT), [...soloHeader, ...soloLines, ''].join('\n'));
