import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a command as root: directly when we are root, else through sudo. */
export function asRoot(cmd, args, opts = {}) {
  const hasSudo = spawnSync('sh', ['-c', 'command -v sudo'], { stdio: 'ignore' }).status === 0;
  if (!isRoot() && !hasSudo) {
    throw new Error(`need root to run: ${cmd} ${args.join(' ')} (no sudo here); run it yourself, then npm test again`);
  }
  const [c, a] = isRoot() ? [cmd, args] : ['sudo', ['-n', cmd, ...args]];
  const r = spawnSync(c, a, { stdio: 'inherit', ...opts, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
}

let aptUpdated = false;
/** Installs Debian packages with apt-get, updating the package lists once per run. */
export function aptInstall(packages) {
  if (!aptUpdated) {
    asRoot('apt-get', ['update', '-qq']);
    aptUpdated = true;
  }
  asRoot('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

/**
 * The browser the end-to-end tests drive: Debian's chromium-headless-shell, Chromium built for
 * automation without the desktop browser around it. On two cores it runs the suite in about 60 % of
 * full Chromium's time (decision 036). `CHROMIUM_PATH` picks another build; bench:web's
 * Lighthouse runs keep full Chromium (`/usr/bin/chromium`).
 */
export const E2E_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export function ensureChromium() {
  if (existsSync(E2E_BROWSER)) return;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${E2E_BROWSER} does not exist`);
  console.log('Chromium is missing: installing Debian’s chromium-headless-shell package…');
  aptInstall(['chromium-headless-shell']);
  if (!existsSync(E2E_BROWSER))
    throw new Error(`chromium-headless-shell was installed but ${E2E_BROWSER} is not there`);
}

/** The newest PostgreSQL server binaries from Debian's packages, or undefined. */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(`${base}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${base}/${versions[0]}/bin` : undefined;
}

export { isRoot };
