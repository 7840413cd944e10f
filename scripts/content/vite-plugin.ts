// The content step of the web build (decision 0039): compiles content/ to JSON assets, pre-renders the
// public pages into dist/web/prerendered/, and in development serves the same JSON from memory.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compileContent } from './compile-content.ts';
import { prerenderSite } from './prerender.ts';

/** The app's own words the pre-rendered frame uses, from its locale files. */
export function frameWords(localesDir: string, lang: string) {
  const common = JSON.parse(readFileSync(path.join(localesDir, lang, 'common.json'), 'utf8'));
  return { signIn: common.nav.signIn as string, backToHome: common.actions.backToHome as string };
}

export function contentPlugin(options: { contentDir: string; localesDir: string }): Plugin {
  return {
    name: 'savecircle-content',
    enforce: 'post',
    configureServer(server) {
      server.watcher.add(options.contentDir);
      server.middlewares.use((request, response, next) => {
        const url = request.url?.split('?')[0] ?? '';
        if (!url.startsWith('/content/')) return next();
        // Compiled on each request: content is small, and an edit shows on the next reload.
        const file = compileContent(options.contentDir).files.get(url);
        response.statusCode = file ? 200 : 404;
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(file ?? '{}');
      });
    },
    generateBundle(_options, bundle) {
      const compiled = compileContent(options.contentDir);
      for (const [url, source] of compiled.files)
        this.emitFile({ type: 'asset', fileName: url.slice(1), source });

      const shell = bundle['index.html'];
      if (shell?.type !== 'asset') throw new Error('content: index.html is not in the bundle yet');
      const site = prerenderSite(String(shell.source), compiled, (lang) =>
        frameWords(options.localesDir, lang),
      );
      for (const [fileName, source] of site) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
