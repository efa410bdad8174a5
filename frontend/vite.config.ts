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
 * react-router's bundle keeps components the app never uses (NavLink, Form, the data
 * router's and RSC's contexts): each is made by a call (React.forwardRef,
 * React.createContext, React.memo) and then given a displayName, and to the bundler both
 * look like side effects. The calls are pure and a displayName only labels a component
 * in React's developer tools, so the build marks the calls pure and drops the labels;
 * tree-shaking then removes what is unused.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'listinglift:tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      return code
        .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^\w+\.displayName = "\w+";$/gm, '');
    },
  };
}

/**
 * react-router's package exports only its development build (every developer warning
 * kept); the production build sits beside it, and the app's build uses that one.
 */
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), previewRuntimeConfig(), treeShakeReactRouter()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
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
        // React, React DOM and the router in one chunk: every page needs all three, and
        // one file compresses better than the several the bundler would make.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
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
