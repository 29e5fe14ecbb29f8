import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { readPuzzles } from '../core/parse.js';
import { UsageError } from './io.js';
/** Checks that every named file can be read before any work starts (`-` is standard input). */
export function checkInputFiles(files) {
    for (const file of files) {
        if (file === '-')
            continue;
        let isFile;
        try {
            isFile = statSync(file).isFile();
        }
        catch {
            throw new UsageError(`cannot read '${file}': no such file`);
        }
        if (!isFile)
            throw new UsageError(`cannot read '${file}': not a file`);
    }
}
function linesOf(stream) {
    return createInterface({ input: stream, crlfDelay: Infinity });
}
/** Every record of the inputs in order, streamed (files one after another; stdin when none). */
export async function* readInputs(files, io) {
    const names = files.length === 0 ? ['-'] : files;
    for (const name of names) {
        const stream = name === '-' ? io.stdin : createReadStream(name, { encoding: 'utf8' });
        yield* readPuzzles(linesOf(stream), { source: name === '-' ? '<stdin>' : name });
    }
}
