/**
 * Explanation texts of the killer techniques, technique id -> template, in the style of
 * src/techniques/texts.ts (placeholders: see src/grader/explain.ts). Besides the pattern's
 * placeholders they quote the numbers a killer step carries (`KillerStep`): {cageSum} the cage's
 * total, {cageSize} its number of cells, {left} what the cells reasoned about must add up to,
 * {combos} the digit sets that make it (`1+2+4 or 1+3+5`), {total} what the houses add up to
 * (45 each), {cagesTotal} the cages' totals the rule of 45 subtracts.
 *
 * Pattern order: cage techniques list the cage's cells (the placed or pointing cells first), the
 * digits of the fitting combinations (or the one digit the step is about), and the house it
 * meets; the rule of 45 lists the innies or outies and the houses.
 */
export const KILLER_TEXTS: Readonly<Record<string, string>> = {
  "killer-single": "Cage single: {cell} is the last empty cell of the {cageSize}-cell cage of {cageSum} ({cells}), so it holds what the other digits leave: {digit}",
  "cage-combination": "Cage combination: the empty cells of the {cageSize}-cell cage of {cageSum} ({cells}) must add up to {left}, which only {combos} can make with their candidates, so they can only be {digits}: remove {eliminations}",
  "cage-hidden-single": "Cage hidden single: the cage of {cageSum} ({cells}) must be {combos}, which all need {digit}, and {placedCell} is its only place in the cage: {placedCell} = {digit}",
  "cage-arrangement": "Cage arrangement: the empty cells of the cage of {cageSum} ({cells}) must add up to {left} with {combos}; no way of placing those digits in these cells puts these candidates there: remove {eliminations}",
  "cage-pointing": "Cage pointing: the cage of {cageSum} ({cells}) must be {combos}, which all need {digit}, and every place for {digit} in the cage is in {unit}, so the rest of {unit} has no {digit}: remove {eliminations}",
  "house-cage-claiming": "House-cage claiming: in {unit}, {digit} fits only cells of the cage of {cageSum} ({cells}), so that cage holds {digit} there: remove {eliminations}",
  "innies": "Innies (rule of 45): {units} add up to {total}; the cages wholly inside make {cagesTotal}, so the other cells ({cells}) add up to {total} - {cagesTotal}, and the empty ones to {left}: {result}",
  "outies": "Outies (rule of 45): {units} add up to {total}; the cages that reach into them make {cagesTotal} in all, so the cells of those cages outside ({cells}) add up to the difference, and the empty ones to {left}: {result}",
  "cage-splitting": "Cage splitting: {units} leave {cagesTotal} for the part of the cage of {cageSum} on one side of their edge, so its other part ({cells}) must add up to {left}: {result}",
};
