/**
 * Zod probes for `new Function` to compile faster object parsers. Our CSP forbids eval, so the
 * probe fails anyway, and Chrome reports each failed probe as a CSP issue (which Lighthouse counts
 * against best practices). Jitless mode skips the probe. Zod reads its settings from this global
 * (shared by every copy of zod on the page) when it loads, and checks the mode as each schema is
 * built, so src/main.tsx imports this before anything. Setting it here rather than with
 * `z.config` keeps zod itself out of the home page's download; zod-jitless.test.ts checks that
 * zod still reads it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
