import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
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

/**
 * Whether process `pid` catches SIGHUP (bit 1 of SigCgt in /proc/PID/status), null without /proc.
 * Node itself catches SIGINT and SIGTERM from its start (to restore the terminal); SIGHUP is caught
 * once the CLI's handlers are installed, the three together, SIGHUP last.
 */
export function handlersInstalled(pid: number): boolean | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return existsSync('/proc/self/status') ? false : null;
  }
  const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(status)?.[1];
  return mask === undefined ? null : (BigInt(`0x${mask}`) & 1n) !== 0n;
}

/** CPU milliseconds of each thread of process `pid` so far, by thread id; null without /proc or once it is gone. */
export function threadCpuMs(pid: number): Map<number, number> | null {
  const threads = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      } catch {
        continue; // a thread that has just ended
      }
      // Fields after the command name (which may hold spaces): utime is the 14th, stime the 15th,
      // in clock ticks of 10 ms (Linux's USER_HZ).
      const fields = stat.replace(/^.*\) /s, '').split(' ');
      threads.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    return null;
  }
  return threads;
}

/**
 * Waits until one thread of process `pid` (the main one or a worker) has spent `ms` milliseconds of
 * CPU since this call: the work has started, however loaded the machine is. A fixed sleep was
 * seconds of CPU on an idle machine (the worker threads and V8's helpers all running) and little
 * work on a loaded one. At most `limitMs` of wall time; false if the process ended first. Without
 * /proc, sleeps `ms`.
 */
export async function waitForThreadCpu(pid: number, ms: number, limitMs = 60_000): Promise<boolean> {
  const start = threadCpuMs(pid);
  if (start === null) {
    if (existsSync('/proc/self/task')) return false; // gone already
    await sleep(ms);
    return true;
  }
  let gone = false;
  const worked = () => {
    const now = threadCpuMs(pid);
    if (now === null) return (gone = true);
    for (const [tid, cpu] of now) if (cpu - (start.get(tid) ?? 0) >= ms) return true;
    return false;
  };
  return (await waitFor(worked, limitMs)) && !gone;
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
