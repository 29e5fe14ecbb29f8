import { availableParallelism } from 'node:os';
import { SIZE_BANDS_REFUSED, VARIANT_NAMES, variantLevels, type VariantLevel, type VariantName } from '../generator/variants/index.js';
import { variantLines } from '../node/variant-generate.js';
import type { VariantRunOptions } from '../node/variant-protocol.js';
import { UsageError, type CliIo, type CommandState } from './io.js';
import { openOutputTarget, resumeIsComplete, shardRange, type Shard, type TargetCliOptions } from './output-target.js';
import { Progress } from './progress.js';
import type { GenerateCliOptions } from './generate.js';
import { writeGenerated } from './generate-output.js';

/** Every level of the variant generator (which variant takes which: variantLevels). */
export const VARIANT_LEVELS: readonly VariantLevel[] = ['beginner', 'easy', 'medium', 'hard', 'expert', 'any'];

/** Why `-d beginner` is refused for killers (docs/killer-rating.md). */
const KILLER_BEGINNER_REFUSED =
  'beginner is up to 1.5 and every cage technique rates 1.6 or more, so the only beginner killer is one whose 1-cell cages act as givens: a classic puzzle with cages drawn on it; easy killers ask for singles and cage sums only, see docs/killer-rating.md';

/** Cells of each variant's grid (the most givens a puzzle can have). */
const CELLS: Record<VariantName, number> = { classic: 81, '4x4': 16, '6x6': 36, '8x8': 64, '12x12': 144, '16x16': 256, jigsaw: 81, x: 81, windoku: 81, killer: 81, oddeven: 81, samurai: 369 };

/** What `generate --variant` reads of the command line: the generate command's options, with a variant. */
export type VariantCliOptions = GenerateCliOptions & { variant: string };

/** The run's options from the command line, or a UsageError naming what a variant cannot take. */
export function variantRunOptions(cli: VariantCliOptions, seed: string): VariantRunOptions {
  const name = cli.variant;
  if (!(VARIANT_NAMES as readonly string[]).includes(name)) throw new UsageError(`--variant ${name}: unknown variant (one of ${VARIANT_NAMES.join(', ')})`);
  const variant = name as VariantName;
  const refused: string[] = [];
  if (cli.rating !== undefined) refused.push('--rating');
  if (cli.technique !== undefined) refused.push('--technique');
  if (cli.pearl) refused.push('--pearl');
  if (cli.diamond) refused.push('--diamond');
  if (cli.minimal) refused.push('--minimal');
  if (cli.cluesMax !== undefined) refused.push('--clues-max');
  if (cli.format === 'csv') refused.push('--format csv');
  if (refused.length > 0) {
    throw new UsageError(`--variant ${variant}: ${refused.join(', ')} ${refused.length === 1 ? 'applies' : 'apply'} to classic puzzles only (variant puzzles take a level, -d)`);
  }
  const { levels, graded } = variantLevels(variant);
  if (cli.difficulty !== undefined && !(levels as readonly string[]).includes(cli.difficulty)) {
    const scale = graded ? "the grader's rating bands, as for classic puzzles" : "the variant generator's technique sets, not the grader's rating bands";
    const sizes = (SIZE_BANDS_REFUSED as Partial<Record<string, string>>)[variant];
    const why = variant === 'killer' && cli.difficulty === 'beginner' ? `; ${KILLER_BEGINNER_REFUSED}` : sizes !== undefined && (VARIANT_LEVELS as readonly string[]).includes(cli.difficulty) ? `; ${sizes}` : '';
    throw new UsageError(`--variant ${variant}: no level "${cli.difficulty}" for ${variant} (one of ${levels.join(', ')}: ${scale}${why})`);
  }
  if (cli.symmetry !== 'none' && cli.symmetry !== 'rotational') throw new UsageError(`--variant ${variant}: --symmetry ${cli.symmetry} is not available for variants (none or rotational)`);
  if (variant === 'killer' && cli.symmetry !== 'none') throw new UsageError('--variant killer: --symmetry has nothing to act on (a killer has no givens, only cages)');
  if (variant === 'samurai' && cli.format === 'fpuzzles') throw new UsageError('--variant samurai: f-puzzles has no Samurai layout (use --format line or --json)');
  if (cli.format === 'line' && cli.solutions) throw new UsageError('--variant: --solutions needs --json or --format fpuzzles (a variant line holds the puzzle only)');
  if (variant === 'killer' && cli.cluesMin !== undefined) throw new UsageError('--variant killer: --clues-min has nothing to act on (a killer has no givens, only cages)');
  const cells = CELLS[variant];
  if (cli.cluesMin !== undefined && (cli.cluesMin < 0 || cli.cluesMin > cells)) throw new UsageError(`clues-min must be a whole number from 0 to ${cells} for ${variant} (got ${cli.cluesMin})`);
  if (cli.maxAttempts !== undefined && cli.maxAttempts < 1) throw new UsageError(`max attempts must be a whole number of at least 1 (got ${cli.maxAttempts})`);
  if (cli.jobs !== undefined && (cli.jobs < 1 || cli.jobs > 256)) throw new UsageError(`jobs must be a whole number from 1 to 256 (got ${cli.jobs})`);
  if (cli.timeout !== undefined && !(cli.timeout > 0)) throw new UsageError(`timeout must be more than 0 (got ${cli.timeout})`);
  // The worker threads share the run's next index in a 32-bit counter.
  if (cli.count < 1 || cli.count > 0x7fffffff) throw new UsageError(`count must be a whole number from 1 to ${0x7fffffff} for variants (got ${cli.count})`);
  if (cli.start < 1) throw new UsageError(`start must be a whole number of at least 1 (got ${cli.start})`);
  if (cli.start + cli.count - 1 > Number.MAX_SAFE_INTEGER) throw new UsageError(`start + count goes past ${Number.MAX_SAFE_INTEGER} (the largest exact integer)`);
  const options: VariantRunOptions = {
    variant,
    seed,
    symmetry: cli.symmetry,
    output: cli.format === 'fpuzzles' ? 'fpuzzles' : cli.format === 'json' ? 'json' : 'line',
    solutions: cli.solutions,
  };
  if (cli.difficulty !== undefined) options.level = cli.difficulty as VariantLevel;
  if (cli.cluesMin !== undefined) options.minClues = cli.cluesMin;
  if (cli.maxAttempts !== undefined) options.maxAttempts = cli.maxAttempts;
  return options;
}

/** `generate --variant NAME`: the classic command's run (shards, resume, progress, timeout) over the variant generator. */
export async function runVariantGenerate(io: CliIo, state: CommandState, cli: VariantCliOptions, seed: string, shard: Shard | null, seedGiven: boolean): Promise<void> {
  const options = variantRunOptions(cli, seed);
  const range = shardRange(cli.count, shard);
  if (await resumeIsComplete(io, cli)) return;
  const key = JSON.stringify(['generate-variant', 1, seed, options.variant, options.level ?? null, options.symmetry, options.minClues ?? null, cli.start, cli.count, shard, options.output, cli.solutions]);
  const target = await openOutputTarget(io, cli, key);
  if (!seedGiven) io.stderr.write(`sudoku-press: seed ${seed} (repeat this run with --seed ${seed})\n`);
  const done = target.resumed.records;
  const first = cli.start + range.from + done;
  const left = range.to - range.from - done;
  if (done > 0) io.stderr.write(`sudoku-press: resuming ${cli.output}: ${done} puzzle${done === 1 ? '' : 's'} already made, ${Math.max(0, left)} to go\n`);
  const stdoutIsTTY = Boolean((io.stdout as { isTTY?: boolean }).isTTY);
  const progress = new Progress(io, 'generated', Math.max(0, left), target.toFile || !stdoutIsTTY);
  const timeoutMs = cli.timeout === undefined ? undefined : cli.timeout * 1000;
  const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
  const jobs = Math.max(1, Math.min(cli.jobs ?? availableParallelism(), availableParallelism(), Math.max(1, left)));
  const lines = async function* () {
    if (left > 0) yield* variantLines(options, first, left, jobs, deadline, timeoutMs);
  };
  await writeGenerated(lines(), { io, state, cli, target, progress, done, jsonErrors: options.output === 'json', attemptLimit: 'raise --max-attempts (default 100 for variants)' });
}
