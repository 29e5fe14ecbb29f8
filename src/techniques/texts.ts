
/**
 * Explanation texts, one table per technique family: technique id -> template (placeholders: see
 * src/grader/explain.ts). Data bundled with the code, so that it runs where there is no file system (browsers,
 * bundled functions). `$`-keys are not techniques: the forcing family's premises (FORCING_TEXTS).
 */

/** {cell} is where the chain starts; the chain itself (step.chains, formatChainLines of src/techniques/chains) follows on its own line. */
const CHAINS_TEXTS: Readonly<Record<string, string>> = {
  "x-cycle": "Bidirectional X-cycle on {digit} through {cells}: either way round the loop, remove {eliminations}",
  "y-cycle": "Bidirectional Y-cycle through {cells}: either way round the loop, remove {eliminations}",
  "xy-cycle": "Bidirectional cycle through {cells}: either way round the loop, remove {eliminations}",
  "forcing-x-chain": "Forcing X-chain on {digit}: assuming the opposite at {cell} leads to a contradiction, so {result}",
  "forcing-xy-chain": "Forcing chain: assuming the opposite at {cell} leads to a contradiction, so {result}",
};

/** Pattern cells: the base cells, then the excluder cells (cells seeing all base cells) that rule out a combination using an eliminated candidate. */
const EXCLUSION_TEXTS: Readonly<Record<string, string>> = {
  "aligned-pair-exclusion": "Aligned pair exclusion: no pair of values for {cell1} and {cell2} may repeat a digit in a unit or use up every candidate of a cell that sees both, and no allowed pair uses these candidates: remove {eliminations}",
  "aligned-triple-exclusion": "Aligned triple exclusion: no values for {cell1}, {cell2} and {cell3} may repeat a digit in a unit or use up every candidate of a cell that sees all three, and no allowed combination uses these candidates: remove {eliminations}",
};

const FISH_TEXTS: Readonly<Record<string, string>> = {
  "x-wing": "X-wing: in {baseUnits}, {digit} lies only in {coverUnits}, so remove {eliminations}",
  "swordfish": "Swordfish: in {baseUnits}, {digit} lies only in {coverUnits}, so remove {eliminations}",
  "jellyfish": "Jellyfish: in {baseUnits}, {digit} lies only in {coverUnits}, so remove {eliminations}",
};

/**
 * The forcing family's premises, by the shape of the hint: a step's `premise`, made by
 * src/techniques/forcing.ts ({assumption}, {cell}, {digits}, {digit}, {unit}, {cells}) with every
 * forcing step, so apart from the step texts below, which only explanations read.
 */
export const FORCING_TEXTS: Readonly<Record<string, string>> = {
  "$premise-contradiction": "assuming {assumption} leads to a contradiction",
  "$premise-double": "both {cell} = {digit} and {cell} <> {digit} lead to it",
  "$premise-cell": "every candidate of {cell} ({digits}) leads to it",
  "$premise-region": "every place for {digit} in {unit} ({cells}) leads to it",
};

/** {premise} is the step's premise (FORCING_TEXTS above); each chain follows on its own line, nested chains indented under it. */
const FORCING_STEP_TEXTS: Readonly<Record<string, string>> = {
  "nishio-forcing-chains": "Nishio forcing chains: {premise}, so {result}",
  "multiple-forcing-chains": "Forcing chains: {premise}, so {result}",
  "dynamic-forcing-chains": "Dynamic forcing chains: {premise}, so {result}",
  "dynamic-forcing-chains-plus": "Dynamic forcing chains (+): {premise}, so {result}",
  "nested-forcing-chains": "Nested forcing chains: {premise}, so {result}",
  "nested-multiple-forcing-chains": "Nested forcing chains (multiple): {premise}, so {result}",
  "nested-dynamic-forcing-chains": "Nested forcing chains (dynamic): {premise}, so {result}",
  "nested-dynamic-forcing-chains-plus": "Nested forcing chains (nested dynamic): {premise}, so {result}",
};

const GUESS_TEXTS: Readonly<Record<string, string>> = {
  "guess": "Guess: no technique applies; {cell} has candidates {digits}, try {placedDigit} (the solver confirms it leads to a solution)",
};

const INTERSECTIONS_TEXTS: Readonly<Record<string, string>> = {
  "direct-pointing": "Direct pointing: in {unit1}, {digit} lies only in {unit2} ({cells}); without {digit} in the rest of {unit2}, it fits only {placedCell} in {unit3}",
  "direct-claiming": "Direct claiming: in {unit1}, {digit} lies only in {unit2} ({cells}); without {digit} in the rest of {unit2}, it fits only {placedCell} in {unit3}",
  "pointing": "Pointing: in {unit1}, {digit} lies only in {unit2} ({cells}), so remove {eliminations}",
  "claiming": "Claiming: in {unit1}, {digit} lies only in {unit2} ({cells}), so remove {eliminations}",
  "generalized-intersection": "Generalised intersection: in {unit}, {digit} lies only in {cells}, and every cell that sees all of them loses it: remove {eliminations}",
};

const SINGLES_TEXTS: Readonly<Record<string, string>> = {
  "full-house": "Full house: {cell} is the last empty cell of {unit}, so it is {digit}",
  "hidden-single-house": "Hidden single: in {unit}, {digit} fits only {cell}",
  "hidden-single-box": "Hidden single: in {unit}, {digit} fits only {cell}",
  "hidden-single-line": "Hidden single: in {unit}, {digit} fits only {cell}",
  "naked-single": "Naked single: {cell} can only be {digit}",
};

const SUBSETS_TEXTS: Readonly<Record<string, string>> = {
  "direct-hidden-pair": "Direct hidden pair: in {unit}, {digits} fit only {cells}; without their other candidates, {placedDigit} fits only {placedCell}",
  "direct-hidden-triple": "Direct hidden triple: in {unit}, {digits} fit only {cells}; without their other candidates, {placedDigit} fits only {placedCell}",
  "naked-pair": "Naked pair: {cells} hold only {digits} in {unit}, so remove {eliminations}",
  "naked-triple": "Naked triple: {cells} hold only {digits} in {unit}, so remove {eliminations}",
  "naked-quad": "Naked quad: {cells} hold only {digits} in {unit}, so remove {eliminations}",
  "hidden-pair": "Hidden pair: in {unit}, {digits} fit only {cells}, so remove {eliminations}",
  "hidden-triple": "Hidden triple: in {unit}, {digits} fit only {cells}, so remove {eliminations}",
  "hidden-quad": "Hidden quad: in {unit}, {digits} fit only {cells}, so remove {eliminations}",
};

/** Explanation texts, technique id -> template. Placeholders: see src/grader/explain.ts. Pattern order (src/techniques/uniqueness/): loops list the loop cells in loop order, then a type 3 set's cells; digits start with the loop's two digits (type 4: the locked digit, then the removed one); BUG type 4 lists the locked digit first, then the BUG digits. */
const UNIQUENESS_TEXTS: Readonly<Record<string, string>> = {
  "unique-rectangle-1": "Unique rectangle type 1: if {cells} held only {digit1} and {digit2}, swapping them would give a second solution, so the one cell with other candidates is neither: remove {eliminations}",
  "unique-rectangle-2": "Unique rectangle type 2: {cells} would be a deadly pattern on {digit1} and {digit2}, so one of its cells with the extra candidate {digit3} is {digit3}: remove {eliminations}",
  "unique-rectangle-3": "Unique rectangle type 3: {cells} on {digit1} and {digit2}; one of its two cells with extra candidates holds one of them, which forms a set with the other cells in {unit}: remove {eliminations}",
  "unique-rectangle-4": "Unique rectangle type 4: {cells} on {digit1} and {digit2}; in {unit}, {digit1} must go in one of the rectangle's two cells with extra candidates, so neither can be {digit2}: remove {eliminations}",
  "unique-loop-1": "Unique loop type 1: if {cells} held only {digit1} and {digit2}, swapping them round the loop would give a second solution, so the one cell with other candidates is neither: remove {eliminations}",
  "unique-loop-2": "Unique loop type 2: {cells} would be a deadly pattern on {digit1} and {digit2}, so one of its cells with the extra candidate {digit3} is {digit3}: remove {eliminations}",
  "unique-loop-3": "Unique loop type 3: {cells} on {digit1} and {digit2}; one of its two cells with extra candidates holds one of them, which forms a set with the other cells in {unit}: remove {eliminations}",
  "unique-loop-4": "Unique loop type 4: {cells} on {digit1} and {digit2}; in {unit}, {digit1} must go in one of the loop's two cells with extra candidates, so neither can be {digit2}: remove {eliminations}",
  "bug-1": "BUG type 1: without the extra candidates of {cell} every cell would have two candidates and every digit two places per unit, which allows no single solution, so {cell} must be {digits}: remove {eliminations}",
  "bug-2": "BUG type 2: without the extra candidate {digit} of {cells} the grid would be a bivalue universal grave, so one of them is {digit}: remove {eliminations}",
  "bug-3": "BUG type 3: without their extra candidates the grid would be a bivalue universal grave, so one of the BUG cells holds an extra candidate, which forms a naked set on {digits} with the other cells among {cells} in {unit}: remove {eliminations}",
  "bug-4": "BUG type 4: {cell1} or {cell2} holds its extra candidate, and in {unit}, {digit} must go in one of them, so each keeps only {digit} and its extra candidates: remove {eliminations}",
};

const WINGS_TEXTS: Readonly<Record<string, string>> = {
  "xy-wing": "XY-wing: pivot {cell1} with pincers {cell2} and {cell3}; one pincer is {digit}, so remove {eliminations}",
  "xyz-wing": "XYZ-wing: pivot {cell1} with pincers {cell2} and {cell3}; one of the three is {digit}, so remove {eliminations}",
};

/** Every family's texts, in file order (a later family may not redefine an id). */
export const EXPLANATION_TEXTS: readonly Readonly<Record<string, string>>[] = [CHAINS_TEXTS, EXCLUSION_TEXTS, FISH_TEXTS, FORCING_STEP_TEXTS, GUESS_TEXTS, INTERSECTIONS_TEXTS, SINGLES_TEXTS, SUBSETS_TEXTS, UNIQUENESS_TEXTS, WINGS_TEXTS];

/** What {@link houseNameIn} reads of a geometry (src/core/geometry.ts). */
export interface HouseNaming {
  readonly houseKinds: readonly string[];
  readonly houseCells: ArrayLike<number>;
  readonly regionOf: ArrayLike<number>;
}

/**
 * The name of a house of a 9x9 rule set, for texts: "row 3", "column 6", "box 2" (regular 3x3
 * boxes), "region 4" (jigsaw pieces, numbered as the rules number them), "the down diagonal"
 * (r1c1..r9c9), "the up diagonal" (r9c1..r1c9), "window 2", "disjoint group 5", "the asterisk",
 * "the centre dots", "extra region 1", "implied window 2" (windoku's five implied windows: rows 1,
 * 5, 9 x columns 2-4, then 6-8; rows 2-4, then 6-8 x columns 1, 5, 9; rows and columns 1, 5, 9). (A
 * jigsaw piece that is also a row or a column is one house, named as the line.)
 */
export function houseNameIn(geometry: HouseNaming, house: number): string {
  const kind = geometry.houseKinds[house];
  const first = geometry.houseCells[house * 9]!;
  if (kind === 'row') return `row ${Math.floor(first / 9) + 1}`;
  if (kind === 'column') return `column ${(first % 9) + 1}`;
  if (kind === 'box' || kind === 'region') return `${kind} ${geometry.regionOf[first]! + 1}`;
  if (kind === 'diagonal') return first === 0 ? 'the down diagonal' : 'the up diagonal';
  if (kind === 'asterisk') return 'the asterisk';
  if (kind === 'centre-dot') return 'the centre dots';
  // Windows, disjoint groups and extra regions are numbered among their kind.
  let index = 1;
  for (let other = 0; other < house; other++) if (geometry.houseKinds[other] === kind) index++;
  // Windoku's five implied windows follow its four drawn ones (see src/core/geometry.ts).
  if (kind === 'window') return index <= 4 ? `window ${index}` : `implied window ${index - 4}`;
  if (kind === 'disjoint') return `disjoint group ${index}`;
  return `extra region ${index}`;
}
