/** See server-bundle.mjs: bundles the server's main.ts into `outdir` (inside apps/server); resolves to its main.mjs. */
export function bundleServer(outdir: string): Promise<string>;
