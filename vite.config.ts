import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appBudgets } from './scripts/build/app-budgets.ts';
import { bundleBudget } from './scripts/build/bundle-budget.ts';
import { precompress } from './scripts/build/precompress.ts';

const alias = {
  '@': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
};

/**
 * sonner injects its stylesheet through a runtime <style> tag, which our CSP
 * (style-src 'self' plus a per-request nonce) rightly blocks. We load
 * `sonner/dist/styles.css` as a normal stylesheet instead and turn the
 * injector into a no-op.
 */
function sonnerWithoutRuntimeStyles(): Plugin {
  return {
    name: 'sonner-without-runtime-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code.replace(
        'function __insertCSS(code) {',
        'function __insertCSS(code) { return;',
      );
      if (patched === code) this.error('sonner: __insertCSS not found; update the plugin');
      return { code: patched, map: null };
    },
  };
}

/**
 * The served pages carry the public configuration (src/server/http/static.ts), so
 * the client chooses its way in once at start-up; the dev server's pages get it
 * from the API server it proxies to. When that server does not answer, the page
 * goes on as in demo mode.
 */
function publicConfigInDev(apiOrigin: string): Plugin {
  return {
    name: 'public-config-in-dev',
    apply: 'serve',
    async transformIndexHtml(html) {
      try {
        const response = await fetch(`${apiOrigin}/api/config`);
        if (!response.ok) return html;
        const json = JSON.stringify(await response.json()).replace(/</g, '\\u003c');
        return html.replace(
          '</head>',
          `<script id="public-config" type="application/json">${json}</script></head>`,
        );
      } catch {
        return html;
      }
    },
  };
}

/**
 * The server's build (`vite build --ssr src/server/index.ts`) takes its packages in: one file
 * loads in about half the time of the hundreds of modules Hono, Drizzle and zod are made of
 * (docs/decisions/017-start-up-to-the-first-answer.md). PGlite stays a package, since it finds
 * its WebAssembly and data files beside its own modules, and so does the PostgreSQL driver, which
 * only a server on PostgreSQL loads. The pre-render's build is left as it is.
 */
const SERVER_ENTRY = 'src/server/index.ts';
const SERVER_EXTERNAL = ['@electric-sql/pglite', 'pg'];

function bundleServerPackages(): Plugin {
  return {
    name: 'bundle-server-packages',
    config(config) {
      if (config.build?.ssr !== SERVER_ENTRY) return null;
      return { ssr: { noExternal: true, external: SERVER_EXTERNAL } };
    },
  };
}

const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias },
  plugins: isSsrBuild
    ? [bundleServerPackages()]
    : [
        sonnerWithoutRuntimeStyles(),
        publicConfigInDev(API_ORIGIN),
        react(),
        tailwindcss(),
        bundleBudget(appBudgets),
        precompress(),
      ],
  // esbuild/rolldown pre-bundling in dev must see the same patch.
  optimizeDeps: { exclude: ['sonner'] },
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        // Every browser the app supports preloads modules itself; the polyfill was code for none.
        modulePreload: {
          polyfill: false,
          // The landing page's command palette loads on first use (or a pointer over its
          // button): listing its fifty files for preloading cost the landing page 0.6 kB of its
          // 91 KiB (docs/product/quality.md#landing-budget) for a palette few open there.
          resolveDependencies: (file, deps) => (/landing-palette-/.test(file) ? [] : deps),
        },
        rolldownOptions: {
          // Every page (index.html: boot.tsx picks the landing page's root or the app's), and the
          // API reference (/api/docs), which no page of the app loads.
          input: { index: 'index.html', 'api-docs': 'api-docs.html' },
          output: {
            codeSplitting: {
              groups: [
                // React in one file that every page shares and caches, with Vite's preload helper:
                // every page's code loads both, and each file more costs a request and its headers.
                // The helper stays apart from the entry: every chunk that imports lazily uses it,
                // and a chunk that imported the entry would list the entry's stylesheet among its
                // dependencies, so that loading it would link the stylesheet a pre-rendered page
                // already has inline, and restyle and lay out the whole page again.
                // With them, the authenticators' error class (lib/auth/authenticator.ts), which every
                // page loads too: 65 bytes that were a file of their own, with 330 of headers.
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper|src[\\/]client[\\/]lib[\\/]auth[\\/]authenticator\.ts/,
                },
                // The stylesheet on its own, so that only the entries link it: the landing page
                // inlines it, and the code it loads after painting must not fetch it again.
                { name: 'styles', test: /src[\\/]client[\\/]styles\.css/ },
              ],
            },
          },
        },
        // For the pre-render (scripts/build/prerender.mjs): which stylesheets and chunks a page loads.
        manifest: true,
        // Swagger UI (the API reference's own page, api-docs.html) is 1.5 MB on its own; the app's
        // chunks are held by the route budgets above, which the build enforces.
        chunkSizeWarningLimit: 1600,
        // No data: URLs for assets: the CSP does not allow them for scripts or styles.
        assetsInlineLimit: 0,
        sourcemap: false,
      },
  server: {
    port: 5173,
    proxy: { '/api': API_ORIGIN, '/sso': API_ORIGIN },
  },
}));
