import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
const WORKER_URL = new URL('./worker.js', import.meta.url);
/** Whether the compiled worker is available (it is not when running from the TypeScript sources). */
export function workersAvailable() {
    return existsSync(fileURLToPath(WORKER_URL));
}
/**
 * A fixed set of worker threads that grade batches of puzzles. Batches go to the least busy
 * worker; each `grade` call resolves with the batch's outcomes in input order.
 */
export class GradePool {
    workers = [];
    busy = [];
    pending = new Map();
    nextId = 0;
    constructor(size) {
        if (!workersAvailable()) {
            throw new Error(`worker threads need the compiled program (run npm run build): ${fileURLToPath(WORKER_URL)} is missing`);
        }
        for (let i = 0; i < size; i++) {
            const worker = new Worker(WORKER_URL);
            worker.on('message', (message) => this.settle(message));
            worker.on('error', (error) => this.failAll(error));
            this.workers.push(worker);
            this.busy.push(0);
        }
    }
    /** Grades puzzles (81-character strings) in the least busy worker. */
    grade(puzzles, options) {
        let target = 0;
        for (let i = 1; i < this.workers.length; i++)
            if (this.busy[i] < this.busy[target])
                target = i;
        const id = this.nextId++;
        this.busy[target]++;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { resolve, reject, worker: target });
            this.workers[target].postMessage({ id, puzzles, options });
        });
    }
    /** Stops every worker. */
    async close() {
        await Promise.all(this.workers.map((worker) => worker.terminate()));
    }
    settle(message) {
        const entry = this.pending.get(message.id);
        if (!entry)
            return;
        this.pending.delete(message.id);
        this.busy[entry.worker]--;
        if ('error' in message)
            entry.reject(new Error(`grading worker failed: ${message.error}`));
        else
            entry.resolve(message.results);
    }
    failAll(error) {
        for (const entry of this.pending.values())
            entry.reject(error);
        this.pending.clear();
    }
}
