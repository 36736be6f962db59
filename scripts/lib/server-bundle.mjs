// The server as `npm start` runs it: src/main.ts bundled by esbuild (scripts/build.mjs), also made
// once per test run for the processes the tests start (apps/server/test/global-setup.ts).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server');

/**
 * Bundles apps/server/src/main.ts into `outdir` (main.mjs and chunks/). `outdir` must be inside
 * apps/server: the bundle finds its migrations and the web build from the package's folder.
 */
export async function bundleServer(outdir) {
  const esbuild = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  // npm packages stay external (installed in node_modules); our workspace packages are bundled in.
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@giftrelay/'));
  // Split: the app is a chunk main.mjs imports after it has started tracing (when configured), and
  // its imports of npm packages stay in that chunk, which one bundled file would hoist above
  // everything (decision 072).
  rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  return path.join(outdir, 'main.mjs');
}
