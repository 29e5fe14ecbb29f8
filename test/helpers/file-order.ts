import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in: the costliest first, by the CPU seconds each took in a whole run
 * (test/file-weights.json, written by scripts/test-cpu.sh), so that the two workers finish
 * together instead of one running a long file alone at the end. Vitest's own order needs its
 * results cache, which a clean clone (CI) does not have: it then starts the largest files by
 * bytes first, and ran grader-serate.test.ts (16 CPU-s, the 13th costliest file) last of 105 and
 * techniques-forcing.test.ts (27 CPU-s, the costliest) 98th.
 *
 * A file the table does not know yet (just added) counts as the table's median. Files that failed
 * in the previous run (Vitest's cache, where there is one) still start first.
 */
export class CostliestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weights = JSON.parse(readFileSync(new URL('../file-weights.json', import.meta.url), 'utf8')) as Record<string, number>;
    const known = Object.values(weights).sort((a, b) => a - b);
    const median = known.length === 0 ? 0 : known[Math.floor(known.length / 2)]!;
    const key = (spec: TestSpecification) => relative(root, spec.moduleId).replaceAll('\\', '/');
    const failed = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${key(spec)}`)?.failed === true;
    const weight = (spec: TestSpecification) => weights[key(spec)] ?? median;
    return [...files].sort((a, b) => Number(failed(b)) - Number(failed(a)) || weight(b) - weight(a) || key(a).localeCompare(key(b)));
  }
}
