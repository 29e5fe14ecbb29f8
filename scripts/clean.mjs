// Empties dist/ before a build, so that no module removed or moved in src/ lives on in the package.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
