import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The server package's folder, found by walking up from this file, so the same code finds its
 * migrations and the web build whether it runs from src (tsx, vitest) or from the bundle in dist.
 */
export function serverRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@giftrelay/server') {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @giftrelay/server package folder');
    dir = parent;
  }
}

export const migrationsDir = () => path.join(serverRoot(), 'migrations');
export const webDistDir = () => path.join(serverRoot(), '..', 'web', 'dist');
