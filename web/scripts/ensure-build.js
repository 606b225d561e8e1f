// Builds the web when web/dist has no index.html, so `npm start` can serve it on a fresh clone.
// A present build is kept as it is: run `npm run build` after changing the web.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
if (existsSync(fileURLToPath(new URL('../dist/index.html', import.meta.url)))) process.exit(0);

process.stdout.write('web/dist is missing: building the web (vite build)\n');
const result = spawnSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'inherit' });
process.exit(result.status ?? 1);
