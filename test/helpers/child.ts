import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { BIN } from './cli.js';

/** A CLI process started with {@link startCli}: the child and the promise of how it ended. */
export interface CliChild {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; endedAt: number }>;
}

/** Starts the built binary (`dist/cli/main.js`) as a child process. */
export function startCli(argv: string[], options: { cwd?: string; stdio?: StdioOptions; command?: string[] } = {}): CliChild {
  const command = options.command ?? [process.execPath, BIN];
  const child = spawn(command[0]!, [...command.slice(1), ...argv], { cwd: options.cwd, stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; endedAt: number }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, endedAt: performance.now() }));
  });
  return { child, done };
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until `test()` holds (polling every 20 ms), at most `limitMs`. */
export async function waitFor(test: () => boolean, limitMs = 20_000): Promise<boolean> {
  const until = performance.now() + limitMs;
  while (performance.now() < until) {
    if (test()) return true;
    await sleep(20);
  }
  return test();
}

/**
 * CPU milliseconds a process has used (user + system, all its threads), from /proc; null where
 * there is no /proc (not Linux). A loaded machine delays a child by wall time, not by CPU time.
 */
export function cpuMillis(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) start after its closing bracket.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return null;
  }
}

let ticks = 0;
function clockTicks(): number {
  if (ticks === 0) ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  return ticks;
}

/** Records saved in a resumable run's progress file (0 when there is none yet). */
export function savedRecords(stateFile: string): number {
  if (!existsSync(stateFile)) return 0;
  try {
    return (JSON.parse(readFileSync(stateFile, 'utf8')) as { records: number }).records;
  } catch {
    return 0; // being replaced
  }
}

/** Whether this machine lets a test mount a tmpfs in a user namespace (for the full-disk case). */
export function canMountTmpfs(): boolean {
  const probe = spawnSyncQuiet(['unshare', '--user', '--map-root-user', '--mount', 'sh', '-c', 'mount -t tmpfs -o size=64k none /mnt']);
  return probe === 0;
}

/** Whether a test can run a command as a user without root's powers (to meet permission errors). */
export function unprivilegedPrefix(): string[] | null {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return [];
  // As root: a user namespace where this process maps to no one (nobody), so file modes apply.
  return spawnSyncQuiet(['unshare', '--user', 'true']) === 0 ? ['unshare', '--user'] : null;
}

import { spawnSync } from 'node:child_process';
function spawnSyncQuiet(argv: string[]): number | null {
  const result = spawnSync(argv[0]!, argv.slice(1), { stdio: 'ignore', timeout: 10_000 });
  return result.status;
}
