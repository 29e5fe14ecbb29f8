import type { Command } from 'commander';
import type { CliIo, CommandState } from './io.js';

// Placeholder while the command is being written; replaced by its owner.
export function registerGrade(program: Command, io: CliIo, state: CommandState): void {
  void program;
  void io;
  void state;
}
