/**
 * Counting a file of variant lines (one puzzle a line, as `generate --variant ... -f line` writes
 * them), this build against another, taking turns in one process: the rules are built once per
 * line by each build, then each round counts every puzzle to 2 with one build and then the other
 * (which goes first alternates), and prints both rates in puzzles per CPU-second; the ratio is the
 * median of the rounds' ratios. For rule sets no fixture of bench/count-ab.ts covers (odd/even,
 * jigsaw X, jigsaw windoku: grid9-solver.ts).
 *
 *   node build-bench/bench/lines-ab.js --other=/path/to/other/build-bench [--rounds=9] FILE
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface Build {
  countRules: (rules: unknown, givens: ArrayLike<number>, limit: number) => number;
  parseVariantLine: (line: string) => { rules: unknown; givens: Uint8Array };
}

async function loadBuild(dir: string): Promise<Build> {
  const at = (path: string) => pathToFileURL(`${dir}/src/${path}`).href;
  const solver = (await import(at('solver/rules-solver.js'))) as Pick<Build, 'countRules'>;
  const formats = (await import(at('formats/index.js'))) as Pick<Build, 'parseVariantLine'>;
  return { countRules: solver.countRules, parseVariantLine: formats.parseVariantLine };
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const args = process.argv.slice(2);
const otherDir = args.find((a) => a.startsWith('--other='))?.slice(8);
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 9);
const file = args.find((a) => !a.startsWith('--'));
if (otherDir === undefined || file === undefined) throw new Error('usage: lines-ab.js --other=DIR [--rounds=N] FILE');
const ours = await loadBuild(new URL('..', import.meta.url).pathname.replace(/\/$/, ''));
const other = await loadBuild(otherDir);
const lines = readFileSync(file, 'utf8')
  .split('\n')
  .map((l) => l.split('\t')[0]!.split(' #')[0]!.trim())
  .filter((l) => l.includes(':'));
const puzzles = lines.map((l) => ({ a: ours.parseVariantLine(l), b: other.parseVariantLine(l) }));

function rate(build: Build, pick: 'a' | 'b'): number {
  const t0 = cpuMs();
  let n = 0;
  let check = 0;
  while (cpuMs() - t0 < 300) {
    for (const p of puzzles) check += build.countRules(p[pick].rules, p[pick].givens, 2);
    n += puzzles.length;
  }
  if (check < 0) console.log(check);
  return (n / (cpuMs() - t0)) * 1000;
}

// The same counts from both.
for (const p of puzzles) if (ours.countRules(p.a.rules, p.a.givens, 2) !== other.countRules(p.b.rules, p.b.givens, 2)) throw new Error('the builds disagree');
const ratios: number[] = [];
for (let round = 0; round < rounds; round++) {
  let a: number;
  let b: number;
  if (round % 2 === 0) {
    a = rate(ours, 'a');
    b = rate(other, 'b');
  } else {
    b = rate(other, 'b');
    a = rate(ours, 'a');
  }
  ratios.push(a / b);
  console.log(`round ${round}: ours ${a.toFixed(0)}/s, other ${b.toFixed(0)}/s, ${(a / b).toFixed(3)}x`);
}
ratios.sort((x, y) => x - y);
console.log(`# ${file}: ${puzzles.length} puzzles, median ratio ${ratios[Math.floor(rounds / 2)]!.toFixed(3)}x (range ${ratios[0]!.toFixed(3)}-${ratios[rounds - 1]!.toFixed(3)})`);
