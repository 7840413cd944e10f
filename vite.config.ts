import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contentPlugin } from './scripts/content/vite-plugin.ts';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Each icon would otherwise be its own ~0.3 KB chunk shared by lazy pages: the landing page alone
        // fetched 20 of them. One chunk of all icons costs a few KB and saves those round trips.
        codeSplitting: { groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ }] },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:5000' } },
  // The SSR build is the pre-renderer of the public pages (decision 0046): the app's components, no assets.
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        tailwindcss(),
        contentPlugin({
          contentDir: path.resolve(import.meta.dirname, 'content'),
        }),
        VitePWA({
          strategies: 'generateSW',
          filename: 'sw.js',
          injectRegister: false,
          registerType: 'autoUpdate',
          includeAssets: ['icons/*.png', 'icons/*.svg'],
          manifest: {
            name: 'SaveCircle',
            short_name: 'SaveCircle',
            description: 'Rotating savings circles with friends, family and neighbours.',
            start_url: '/',
            scope: '/',
            display: 'standalone',
            background_color: '#f8fafc',
            theme_color: '#0f766e',
            icons: [
              { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
              { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            ],
          },
          workbox: {
            navigateFallback: '/index.html',
            navigateFallbackDenylist: [/^\/api\//],
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json}'],
            // Public content (six languages of it) is fetched when read, not installed with the app.
            globIgnores: ['content/**', 'prerendered/**'],
            cleanupOutdatedCaches: true,
          },
        }),
      ],
}));
