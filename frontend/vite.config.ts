/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The Go server is the real source of /api, /healthz and /runtime-config.js.
// `npm run dev` proxies them to it (override the address with LISTINGLIFT_API).
const apiTarget = process.env.LISTINGLIFT_API ?? 'http://127.0.0.1:8080';

const proxied = ['/api', '/runtime-config.js', '/healthz'];

/**
 * `vite preview` has no Go server behind it. So that the built app can be
 * previewed (and the Playwright spec run against it) without a 404 for the
 * runtime configuration script, answer /runtime-config.js with an empty
 * configuration: src/lib/config.ts then falls back to its safe defaults.
 * This runs only in `vite preview`; it is never part of the build output.
 */
function previewRuntimeConfig(): Plugin {
  return {
    name: 'listinglift:preview-runtime-config',
    configurePreviewServer(server) {
      server.middlewares.use('/runtime-config.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end('// vite preview stub: defaults from src/lib/config.ts apply\n');
      });
    },
  };
}

/**
 * Whether a module of the app is part of the landing page's first load: statically
 * imported, directly or not, by src/boot.tsx (the app's start) or src/app/home-page.tsx
 * (the landing page, fetched beside it). Such modules that other pages also import would
 * otherwise each get a small chunk of their own (fourteen on the landing page), and each
 * file is compressed alone; in one chunk they are 1–2 kB smaller gzipped and fewer requests.
 */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}
const BOOT = /[\\/]src[\\/](boot|app[\\/]home-page)\.tsx$/;
function inFirstLoad(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (BOOT.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (graph.getModuleInfo(id)?.importers ?? []).some((importer) => inFirstLoad(importer, graph, seen));
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), previewRuntimeConfig()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    // The SSR build is only the landing page's prerender (scripts/prerender.mjs): no
    // manifest or public files beside it.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // React and React DOM in one chunk: every page needs both, and one file
        // compresses better than the several the bundler would make.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: (id, graph) => (/[\\/]src[\\/]/.test(id) && inFirstLoad(id, graph) ? 'app' : null), debugName: 'app', minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Dates are shown in the visitor's time zone; tests pin it so expectations are fixed.
    env: { TZ: 'UTC' },
  },
}));
