// Prerenders the public pages into the web build: dist/<path>/index.html (dist/index.html for /),
// each with its own title and metadata, its content inside #root, its stylesheet inline, and its
// scripts loaded after the first paint. The untouched app shell goes to dist/app.html for every
// other route. The server-side bundle stays in dist/.ssr (never served), with templates.json:
// for each page the server renders per request (/blog with its posts, a post, a landing page),
// the same page with an empty #root, which the server fills with the bundle's `renderRoute`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const HEAD_BLOCK = /<!-- page-head[^>]*-->([\s\S]*?)<!-- \/page-head -->/;
const ROOT = '<div id="root"></div>';
/** The server-side bundle's folder inside dist (the server never serves it; apps/server/src/plugins/web.ts). */
export const SSR_DIR = '.ssr';

export async function prerender({ webDir, viteBuild }) {
  const dist = path.join(webDir, 'dist');
  // Inside the web package, so the bundle's imports resolve from its node_modules as they do in the app.
  const ssrDir = path.join(dist, SSR_DIR);
  await viteBuild({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
    },
  });
  const { PRERENDERED_PAGES, RUNTIME_MODULES, SERVER_RENDERED_ROUTES, renderPage } = await import(
    pathToFileURL(path.join(ssrDir, 'prerender.js')).href
  );
  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!HEAD_BLOCK.test(shell) || !shell.includes(ROOT)) {
    throw new Error('apps/web/index.html lost its page-head markers or its empty #root');
  }
  const template = inlineRenderBlocking(shell, dist);
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  /** The page around #root: its head, and its chunks requested after the first paint. */
  const pageAround = (head, modules, rootHtml) =>
    loadScriptsAfterPaint(
      template.replace(HEAD_BLOCK, () => head).replace(ROOT, () => `<div id="root">${rootHtml}</div>`),
      chunksOf(manifest, modules).map((file) => `/${file}`),
    );

  writeFileSync(
    path.join(dist, 'app.html'),
    shell.replace(HEAD_BLOCK, (_m, defaults) => defaults.trim()),
  );
  const heads = new Map();
  for (const page of PRERENDERED_PAGES) {
    const { html, head, needsRuntime } = await renderPage(page.path);
    heads.set(page.path, head);
    const out = pageAround(head, needsRuntime ? [...page.modules, ...RUNTIME_MODULES] : page.modules, html);
    const dir = path.join(dist, page.path);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), out);
  }
  // A server-rendered route loads the runtime with its page where its route does (app/router.tsx).
  const defaultHead = HEAD_BLOCK.exec(shell)[1].trim();
  const templates = Object.fromEntries(
    SERVER_RENDERED_ROUTES.map(({ route, modules, prerendered, needsRuntime }) => [
      route,
      pageAround(
        prerendered ? heads.get(prerendered) : defaultHead,
        needsRuntime ? [...modules, ...RUNTIME_MODULES] : modules,
        '',
      ),
    ]),
  );
  writeFileSync(path.join(ssrDir, 'templates.json'), JSON.stringify(templates));
  return PRERENDERED_PAGES.length;
}

/**
 * A prerendered page can paint as soon as its HTML arrives: the stylesheet and the theme script
 * (which must run before the first paint) go inside it instead of costing a round trip each. The
 * server allows that one inline script by its hash (apps/server/src/plugins/web.ts).
 */
function inlineRenderBlocking(html, dist) {
  const stylesheet = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
  const theme = '<script src="/theme.js"></script>';
  const css = stylesheet.exec(html)?.[1];
  if (!css || !html.includes(theme))
    throw new Error('apps/web/index.html no longer links its stylesheet and /theme.js');
  const themeJs = readFileSync(path.join(dist, 'theme.js'), 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n')
    .trim();
  const styles = readFileSync(path.join(dist, css), 'utf8');
  if (styles.includes('</style') || themeJs.includes('</script'))
    throw new Error('Cannot inline: a closing tag inside');
  return html.replace(theme, () => `<script>${themeJs}</script>`).replace(stylesheet, () => `<style>${styles}</style>`);
}

/**
 * The page is readable before any script runs, so scripts wait for its first paint instead of
 * competing with it for the network: the app's entry and every chunk the page needs are requested
 * together, right after that paint, by one small inline script (allowed by its hash).
 */
function loadScriptsAfterPaint(html, pageChunks) {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const entrySrc = entry.exec(html)?.[1];
  if (!entrySrc) throw new Error('apps/web/index.html has no module entry script');
  const chunks = [...new Set([...[...html.matchAll(preload)].map((m) => m[1]), ...pageChunks])];
  const loader =
    `requestAnimationFrame(()=>setTimeout(()=>{for(const h of ${JSON.stringify(chunks)}){const l=document.createElement('link');` +
    `l.rel='modulepreload';l.href=h;document.head.append(l)}const s=document.createElement('script');s.type='module';` +
    `s.src=${JSON.stringify(entrySrc)};document.head.append(s)}))`;
  return html
    .replace(entry, '')
    .replace(preload, '')
    .replace('</body>', () => `  <script>${loader}</script>\n  </body>`);
}

/** The chunk files of the given source modules and of everything they import statically, entry excluded. */
function chunksOf(manifest, modules) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The web build has no chunk for ${key}: update PRERENDERED_PAGES in src/prerender.tsx`);
    if (chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of modules) visit(key);
  return [...files];
}
