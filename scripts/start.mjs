// `npm start`: install what is missing, build the web app, then migrate, seed (first run) and serve.
import { ensureDependencies, ensureWebBuild, run } from './lib.mjs';

ensureDependencies();
ensureWebBuild();
process.exit(run(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts']));
