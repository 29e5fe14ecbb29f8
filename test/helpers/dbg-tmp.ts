import seedrandom from 'seedrandom';
import { countRules } from '../../src/solver/rules-solver.js';
import { readVariantFixtures } from './variant-fixtures.js';
const pools = ['jigsaw.txt', 'x.txt', 'windoku.txt'].flatMap((file) => readVariantFixtures(file).slice(0, 10));
for (const frac of [0.5, 0.25]) pools.forEach((fixture, i) => {
  if (i % 3 !== 0) return;
  const random = seedrandom(`mixed ${i}`);
  const givens = fixture.givens.slice();
  for (let cell = 0; cell < givens.length; cell++) if (givens[cell] !== 0 && random() < frac) givens[cell] = 0;
  let worst = 0;
  for (let s = 0; s < 5; s++) {
    const r2 = seedrandom('x' + s);
    const relabel = [0, ...Array.from({ length: 9 }, (_, i) => i + 1).sort(() => r2() - 0.5)];
    const t = performance.now();
    countRules(fixture.rules, givens.map((d) => relabel[d]!), 3);
    worst = Math.max(worst, performance.now() - t);
    if (worst > 5000) break;
  }
  console.log(frac, i, fixture.rules.variant, givens.filter(d=>d).length, 'worst ms', worst.toFixed(1));
});
