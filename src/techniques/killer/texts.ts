/**
 * Explanation texts of the killer techniques, technique id -> template, in the style of
 * src/techniques/texts.ts (placeholders: see src/grader/explain.ts). Besides the pattern's
 * placeholders they quote the numbers a killer step carries (`KillerStep`): {cageSum} the cage's
 * total, {cageSize} its number of cells, {left} what the cells reasoned about must add up to,
 * {combos} the digit sets that make it (`1+2+4 or 1+3+5`), {total} what the houses add up to
 * (45 each), {cagesTotal} the cages' totals the rule of 45 uses, {setSum} what the innies,
 * outies or split part of a cage add up to.
 *
 * Pattern order: cage techniques list the cage's cells (the placed or pointing cells first), the
 * digits of the fitting combinations (or the one digit the step is about), and the house it
 * meets; the rule of 45 lists the innies or outies and the houses.
 */
export const KILLER_TEXTS: Readonly<Record<string, string>> = {
  "killer-single": "Cage single: {cell} is the last empty cell of the {cageSize}-cell cage of {cageSum} ({cells}), so it holds what its total leaves: {digit}",
  "cage-combination": "Cage combination: the empty cells of the {cageSize}-cell cage of {cageSum} ({cells}) must add up to {left}, which only {combos} can make with their candidates, so they can only be {digits}: remove {eliminations}",
  "cage-hidden-single": "Cage hidden single: the empty cells of the cage of {cageSum} ({cells}) must hold {combos}, which all need {digit}, and {placedCell} is its only place in the cage: {placedCell} = {digit}",
  "cage-arrangement": "Cage arrangement: the empty cells of the cage of {cageSum} ({cells}) must hold {combos}, one digit each; no placing of those digits that fits their candidates uses these: remove {eliminations}",
  "cage-pointing": "Cage pointing: the empty cells of the cage of {cageSum} ({cells}) must hold {combos}, which all need {digit}, and every place for {digit} in the cage is in {unit}, so the rest of {unit} has no {digit}: remove {eliminations}",
  "house-cage-claiming": "House-cage claiming: in {unit}, {digit} fits only cells of the cage of {cageSum} ({cells}), so the cage holds {digit} and must be {combos}: remove {eliminations}",
  "innies": "Innies (rule of 45): the cells of {units} add up to {total}; the cages wholly inside make {cagesTotal}, so the cells left over ({cells}) add up to {setSum}: {result}",
  "outies": "Outies (rule of 45): the cells of {units} add up to {total}; the cages inside or reaching into them make {cagesTotal}, so the cells of those cages outside ({cells}) add up to {setSum}: {result}",
  "cage-splitting": "Cage splitting: the rule of 45 on {units} shows that part of the cage of {cageSum} adds up to {cagesTotal}, so its other cells ({cells}) add up to {setSum}: {result}",
  "house-combination": "House combinations: the {cageSize} cages wholly inside {unit} ({cells}) hold different digits, so only {combos} go together: remove {eliminations}",
};
