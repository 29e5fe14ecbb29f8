/**
 * Writes the difficulty-matched sets of `npm run bench:variants` (windoku and jigsaw against
 * classic): for each level (medium, hard, expert: the grader's rating bands of src/grader/levels.ts)
 * COUNT windoku, COUNT classic and COUNT jigsaw 9x9 puzzles (a random layout each) made by our
 * generator, generateVariant({ variant, level, seed, index }), each graded in its band by our
 * grader (the puzzle's rating is written with it). Same generator, same bands, same seed word per
 * level: the sets differ only in the rules.
 * Run from the repository's root:
 *   npx esbuild test/helpers/make-level-references.ts --bundle --platform=node --format=esm --outfile=/tmp/mlr.mjs && node /tmp/mlr.mjs [variant] [level]
 * (no arguments: all nine files).
 */
import { writeFileSync } from 'node:fs';
import { generateVariant, type VariantLevel } from '../../src/generator/variants/index.js';
import '../../src/index.js'; // links the variant grading the generator's bands use

const OUT = new URL('test/fixtures/variants/', `file://${process.cwd()}/`);
const CHARS = '.123456789';
const COUNT = 100;
const LEVELS: VariantLevel[] = ['medium', 'hard', 'expert'];
const VARIANTS = ['windoku', 'classic', 'jigsaw'] as const;
/** A file's title word per variant (jigsaw: each line carries its layout, regions 0-8 per cell). */
const TITLES: Record<(typeof VARIANTS)[number], string> = { windoku: 'Windoku', classic: 'Classic', jigsaw: 'Jigsaw' };

const onlyVariant = process.argv[2];
const onlyLevel = process.argv[3];
for (const variant of VARIANTS) {
  if (onlyVariant !== undefined && onlyVariant !== variant) continue;
  for (const level of LEVELS) {
    if (onlyLevel !== undefined && onlyLevel !== level) continue;
    const seed = `level-references-${level}`;
    const lines: string[] = [];
    for (let index = 1; index <= COUNT; index++) {
      const p = generateVariant({ variant, level, seed, index, maxAttempts: 1000 });
      const givens = Array.from(p.givens, (d) => CHARS[d]).join('');
      if (variant === 'jigsaw') lines.push(JSON.stringify({ size: 9, regions: p.regions!.join(''), givens, rating: p.rating }));
      else lines.push(JSON.stringify(variant === 'windoku' ? { size: 9, windoku: true, givens, rating: p.rating } : { size: 9, givens, rating: p.rating }));
    }
    const header = [
      `# ${TITLES[variant]} 9x9, our generator at level ${level} (rating band of src/grader/levels.ts; each line's rating is our grader's)`,
      `# source: test/helpers/make-level-references.ts, generateVariant({ variant: '${variant}', level: '${level}', seed: '${seed}', index: 1..${COUNT} })`,
    ];
    writeFileSync(new URL(`${variant}-${level}.txt`, OUT), [...header, ...lines, ''].join('\n'));
    console.log(`${variant} ${level}: ${COUNT} puzzles`);
  }
}
