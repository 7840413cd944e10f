import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder that holds package.json, drizzle/ and dist/: found by walking up from this module,
 * which is src/server/ when run from source and dist/server/ when run from the production bundle.
 */
export function findAppRoot(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
