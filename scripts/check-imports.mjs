// `npm run check:imports` (part of `npm run check`): the import boundaries of decision 018.
// - server: a file in modules/A imports another module B only through B's public entry, modules/B/index.ts;
// - web: components/ and lib/ never import features/; a feature never imports another feature or app/;
//   everything outside features/ imports a feature only through its barrel, features/X/index.ts(x).
// Biome's noRestrictedImports matches the text of a specifier, not the file it resolves to, so it cannot
// tell `../../orders/x` from `../../components/x` at every depth; this resolves each import instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(root, 'apps/server/src');
const WEB = path.join(root, 'apps/web/src');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;
const isTest = (f) => /\.(test|spec)\.tsx?$/.test(f) || f.includes(`${path.sep}testing${path.sep}`);

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.tsx?$/.test(e.name) && !isTest(p)) yield p;
  }
}

function* imports(file) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const line = text.slice(0, m.index).split('\n').length + (m[0].startsWith('\n') ? 1 : 0);
    yield { spec, line };
  }
}

/** The path an import points at (without extension or query), or undefined for a package. */
function target(file, spec, alias) {
  const clean = spec.replace(/\?.*$/, '');
  if (clean.startsWith('.')) return path.resolve(path.dirname(file), clean);
  if (alias && clean.startsWith('@/')) return path.join(alias, clean.slice(2));
  return undefined;
}

/** [top folder, its child] of a path under `base`: ['modules', 'orders'], ['features', 'auth'], ['lib', …]. */
const area = (base, p) => path.relative(base, p).split(path.sep);
const isEntry = (parts) => parts.length === 2 || (parts.length === 3 && /^index(\.tsx?)?$/.test(parts[2]));

const problems = [];
const report = (file, line, message) => problems.push(`${path.relative(root, file)}:${line}: ${message}`);

for (const file of files(SERVER)) {
  const [top, mod] = area(SERVER, file);
  if (top !== 'modules') continue;
  for (const { spec, line } of imports(file)) {
    const t = target(file, spec);
    if (!t) continue;
    const parts = area(SERVER, t);
    if (parts[0] === 'modules' && parts[1] !== mod && !isEntry(parts)) {
      report(
        file,
        line,
        `'${spec}': import the ${parts[1]} module through its public entry, modules/${parts[1]}/index.ts`,
      );
    }
  }
}

for (const file of files(WEB)) {
  const [top, feature] = area(WEB, file);
  for (const { spec, line } of imports(file)) {
    const t = target(file, spec, WEB);
    if (!t) continue;
    const parts = area(WEB, t);
    if (top === 'components' || top === 'lib') {
      if (parts[0] === 'features' || parts[0] === 'app')
        report(file, line, `'${spec}': ${top}/ never imports ${parts[0]}/`);
    } else if (top === 'features') {
      if (parts[0] === 'features' && parts[1] !== feature)
        report(
          file,
          line,
          `'${spec}': a feature never imports another feature; move shared code to components/ or lib/`,
        );
      if (parts[0] === 'app') report(file, line, `'${spec}': a feature never imports app/`);
    } else if (parts[0] === 'features' && !isEntry(parts)) {
      report(file, line, `'${spec}': import a feature through its barrel, features/${parts[1]}/index.ts`);
    }
  }
}

if (problems.length) {
  console.error(`Import boundaries (docs/decisions/018-code-health.md):\n${problems.join('\n')}`);
  process.exit(1);
}
