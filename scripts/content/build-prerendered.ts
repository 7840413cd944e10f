// The build's last web step (decision 0046): builds the app's SSR renderer, draws every public page in
// every language with it, and writes the pages and their manifest into dist/web/prerendered/.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Resource } from 'i18next';
import { SIGNED_IN_RENDERER, SIGNED_IN_RENDERER_DIR } from '../../src/shared/signed-in-pages.ts';
import { compileContent } from './compile-content.ts';
import { prerenderSite } from './prerender.ts';

/** Every namespace's words in a language, as the renderer's i18next resources take them. */
function wordsIn(localesDir: string, lang: string): Resource[string] {
  const dir = path.join(localesDir, lang);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [path.basename(file, '.json'), JSON.parse(readFileSync(path.join(dir, file), 'utf8'))]),
  );
}

export async function buildPrerenderedPages(root: string, webDir: string) {
  const started = Date.now();
  const rendererDir = path.join(root, 'dist', 'prerender');
  const { build } = await import('vite');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'prerender/render-page.tsx', outDir: rendererDir, emptyOutDir: true },
  });
  // The server's renderer of signed-in pages (decision 0048): self-contained, as production installs
  // none of the web app's packages.
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    ssr: { noExternal: true },
    publicDir: false,
    build: {
      ssr: `prerender/${path.basename(SIGNED_IN_RENDERER, '.js')}.tsx`,
      outDir: path.join(root, 'dist', SIGNED_IN_RENDERER_DIR),
      emptyOutDir: true,
    },
  });
  try {
    const { renderPage } = (await import(
      path.join(rendererDir, 'render-page.js')
    )) as typeof import('../../src/web/prerender/render-page.tsx');
    const localesDir = path.join(root, 'src', 'web', 'i18n', 'locales');
    const compiled = compileContent(path.join(root, 'content'));
    const english = wordsIn(localesDir, 'en');
    const resources = new Map<string, Resource>();
    const resourcesIn = (lang: string) => {
      if (!resources.has(lang)) resources.set(lang, { en: english, [lang]: wordsIn(localesDir, lang) });
      return resources.get(lang)!;
    };
    const landingIn = (lang: string) => {
      const hero = (resourcesIn(lang)[lang]!.landing as { hero: { title: string; subtitle: string } }).hero;
      return { title: hero.title, description: hero.subtitle };
    };
    const shell = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    const site = await prerenderSite(shell, compiled, landingIn, (page) =>
      renderPage({
        path: page.path,
        search: page.lang === 'en' ? '' : `lang=${page.lang}`,
        lang: page.lang,
        resources: resourcesIn(page.lang),
        content: page.preload.map((url) => [url, JSON.parse(compiled.files.get(url) ?? 'null')]),
      }),
    );
    for (const [file, text] of site) {
      mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
      writeFileSync(path.join(webDir, file), text);
    }
    console.log(
      `${site.size - 1} public pages pre-rendered in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    rmSync(rendererDir, { recursive: true, force: true });
  }
}
