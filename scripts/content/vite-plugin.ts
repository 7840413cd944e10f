// The content step of the web build (decision 0039): compiles content/ to JSON assets, and in development
// serves the same JSON from memory. The pages are pre-rendered after the build (build-prerendered.ts).
import type { Plugin } from 'vite';
import { compileContent } from './compile-content.ts';

export function contentPlugin(options: { contentDir: string }): Plugin {
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
    generateBundle() {
      const compiled = compileContent(options.contentDir);
      for (const [url, source] of compiled.files)
        this.emitFile({ type: 'asset', fileName: url.slice(1), source });
    },
  };
}
