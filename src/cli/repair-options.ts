/**
 * The repair options shared by `check --explain` and `repair`: defined when a command is set up,
 * so kept apart from the repair's output (repair.ts), which `check` loads only with --explain.
 */
import type { Command } from 'commander';
import type { RepairOptions } from '../repair/index.js';
import { UsageError } from './io.js';

/** The repair options shared by `check --explain` and `repair`. */
export interface RepairCliOptions {
  solution?: string;
  symmetry: string;
  keepLevel?: string;
  repairs: string;
}

const SYMMETRY_NAMES = ['none', 'rotational', 'rot90', 'mirror', 'flip', 'diagonal', 'antidiagonal'];

/** Adds the repair options to a command. */
export function addRepairOptions(command: Command): Command {
  return command
    .option('--solution <grid>', 'take the added clues from this solution (81 digits) instead of the first one found')
    .option('--symmetry <kind>', `add clues in symmetric groups: ${SYMMETRY_NAMES.join(', ')}`, 'none')
    .option('--keep-level <low|rating>', "among the smallest repairs, prefer the lowest rated one ('low') or the one rated closest to a rating (e.g. 6.5)")
    .option('--repairs <n>', 'list n alternative repairs (smallest first)', '1');
}

/** Checks the repair options; throws a UsageError naming what is wrong. */
export async function repairOptionsFrom(cli: RepairCliOptions): Promise<RepairOptions> {
  const options: RepairOptions = {};
  if (!SYMMETRY_NAMES.includes(cli.symmetry)) throw new UsageError(`--symmetry must be one of ${SYMMETRY_NAMES.join(', ')} (got '${cli.symmetry}')`);
  options.symmetry = cli.symmetry as NonNullable<RepairOptions['symmetry']>;
  if (!/^[1-9][0-9]*$/.test(cli.repairs) || Number(cli.repairs) > 1000) throw new UsageError(`--repairs wants a whole number from 1 to 1000, not '${cli.repairs}'`);
  options.repairs = Number(cli.repairs);
  if (cli.keepLevel === 'low') options.keepLevel = true;
  else if (cli.keepLevel !== undefined) {
    const value = Number(cli.keepLevel);
    if (!/^\d+(\.\d+)?$/.test(cli.keepLevel) || !(value >= 1 && value <= 20)) {
      throw new UsageError(`--keep-level wants 'low' or a rating between 1.0 and 20.0 (got '${cli.keepLevel}')`);
    }
    options.keepLevel = value;
  }
  if (cli.solution !== undefined) {
    const text = cli.solution.trim();
    if (!/^[1-9]{81}$/.test(text)) throw new UsageError('--solution wants 81 digits 1-9 (a full grid on one line)');
    options.solution = Uint8Array.from(text, (ch) => Number(ch));
  }
  return options;
}
