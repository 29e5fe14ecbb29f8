import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostTag } from '../src/node/output-file.js';
import { ResumableFile } from '../src/node/resumable-file.js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('ResumableFile', () => {
  it('sweeps the progress record temporary a run killed while saving left behind', () => {
    dir = mkdtempSync(join(tmpdir(), 'resumable-'));
    const path = join(dir, 'g.jsonl');
    // What a SIGKILL between writing the record and renaming it leaves: named by a process now gone.
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(join(dir, `.g.jsonl.part.json.${hostTag()}-${deadPid}-07b9134f838259a2.partial`), '{"version":1}\n');
    // A live process's temporary, and a file not named by us, stay.
    const live = `.g.jsonl.part.json.${hostTag()}-${process.pid}-0000000000000000.partial`;
    writeFileSync(join(dir, live), 'x');
    writeFileSync(join(dir, '.g.jsonl.part.json.notours.tmp'), 'x');
    const file = ResumableFile.open(path, { key: 'test' });
    file.save(0, {});
    file.complete();
    expect(readdirSync(dir).sort()).toEqual([live, '.g.jsonl.part.json.notours.tmp', 'g.jsonl'].sort());
  });
});
