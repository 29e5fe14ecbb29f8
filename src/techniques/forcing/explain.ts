import type { Board } from '../../core/board.js';
import type { Geometry } from '../../core/geometry.js';
import { cellName, digitsOf, unitName } from '../../core/tables.js';
import { FORCING_TEXTS } from '../texts.js';
import { variantTechniques } from '../variant-link.js';
import { hintChains } from './chain-data.js';
import { nodeCell } from './engine.js';
import type { ForcingExplain } from './find.js';
import type { ChainHint } from './search.js';

/*
 * What explains a forcing step: the premise and the chains that `explain`, hints, --json paths and
 * pictures show. Handed to the searches (forcing/find.ts) by whatever shows steps; the rating alone
 * never links it.
 */

/** The `$premise-*` texts of the forcing family (texts.ts). */
function premiseText(shape: string): string {
  return FORCING_TEXTS[`$premise-${shape}`] ?? '';
}

/** Why the conclusion holds, in r1c1 notation, from the template of the hint's shape. */
function premise(hint: ChainHint, board: Readonly<Board>, geometry: Geometry | undefined): string {
  const fields: Record<string, string> = {
    cell: cellName(hint.sourceCell),
    digit: String(hint.sourceDigit),
    assumption: `${cellName(hint.sourceCell)} ${hint.on ? '<>' : '='} ${hint.sourceDigit}`,
  };
  if (hint.shape === 'cell') fields.digits = digitsOf(board.candidates[hint.sourceCell]!).join(', ');
  if (hint.shape === 'region') {
    fields.unit = geometry === undefined || geometry.classic ? unitName(hint.sourceUnit) : variantTechniques().houseName(geometry, hint.sourceUnit);
    fields.cells = hint.chains.map((chain) => cellName(nodeCell(chain.run.root))).join(', ');
  }
  return premiseText(hint.shape).replace(/\{(\w+)\}/g, (whole, key: string) => fields[key] ?? whole);
}

/** The premise of a forcing step and, with `withChains`, its chains. */
export const explainForcing: ForcingExplain = (hint, board, engine, withChains) => {
  const premiseLine = premise(hint, board, engine.houses.geometry);
  return withChains ? { premise: premiseLine, chains: hintChains(hint.chains, board.candidates, engine.houses) } : { premise: premiseLine };
};
