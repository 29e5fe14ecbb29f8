import { readFileSync } from 'node:fs';
import { buildRules, type Rules, type RulesSpec } from '../../src/rules/index.js';

/** A puzzle of test/fixtures/variants (see make-variant-fixtures.ts for the line form). */
export interface VariantFixture {
  spec: RulesSpec;
  rules: Rules;
  givens: Uint8Array;
  /** The Solo ID it came from, when it did. */
  solo?: string;
}

const VALUE = '.123456789ABCDEFG';

export function readVariantFixtures(file: string): VariantFixture[] {
  return readFileSync(new URL(`../fixtures/variants/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const p = JSON.parse(line) as { size: number; boxes?: [number, number]; regions?: string; x?: boolean; windoku?: boolean; cages?: number[][]; givens: string; solo?: string };
      const spec: RulesSpec = {
        size: p.size,
        ...(p.boxes ? { boxes: { rows: p.boxes[0], cols: p.boxes[1] } } : {}),
        ...(p.regions !== undefined ? { regions: Array.from(p.regions, (ch) => parseInt(ch, 16)) } : {}),
        ...(p.x === true ? { diagonalDown: true, diagonalUp: true } : {}),
        ...(p.windoku === true ? { windoku: true } : {}),
        ...(p.cages ? { cages: p.cages.map(([sum, ...cells]) => ({ cells, sum: sum! })) } : {}),
      };
      return { spec, rules: buildRules(spec), givens: Uint8Array.from(p.givens, (ch) => VALUE.indexOf(ch)), ...(p.solo !== undefined ? { solo: p.solo } : {}) };
    });
}
