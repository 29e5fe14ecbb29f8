import { writeOutputFile } from '../node/output-file.js';

/**
 * Writes a file whole or not at all, through the one output-file module: an exclusive temporary
 * file under an unpredictable name, no link followed, moved into place when complete (replacing an
 * existing file only with `force`), removed on failure or signal.
 */
export async function writeWhole(path: string, data: string | Uint8Array, force: boolean): Promise<void> {
  await writeOutputFile(path, { force }, (stream) => new Promise<void>((resolve, reject) => stream.write(data, (error) => (error ? reject(error) : resolve()))));
}
