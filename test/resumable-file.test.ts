import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ResumableFile } from '../src/node/resumable-file.js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('ResumableFile', () => {
  it('sweeps the progress record temporary a run killed while saving left behind', () => {
    dir = mkdtempSync(join(tmpdir(), 'resumable-'));
    const path = join(dir, 'g.jsonl');
    // What a SIGKILL between writing the record and renaming it leaves.
    writeFileSync(join(dir, '.g.jsonl.part.json.07b9134f838259a2.tmp'), '{"version":1}\n');
    // Someone else's file with a similar name stays.
    writeFileSync(join(dir, '.g.jsonl.part.json.notours.tmp'), 'x');
    const file = ResumableFile.open(path, { key: 'test' });
    file.save(0, {});
    file.complete();
    expect(readdirSync(dir).sort()).toEqual(['.g.jsonl.part.json.notours.tmp', 'g.jsonl']);
  });
});
