import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Same variable names and defaults as infra/src/config.ts, so one environment configures both sides. */
const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : ['true', '1', 'on'].includes(value);

const appName = process.env.APP_NAME ?? 'Assistive Tech Commons';

export default defineConfig({
  root,
  plugins: [
    react(),
    // the static title and social title before the app boots and names the page itself
    { name: 'app-name', transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', appName) },
  ],
  define: {
    __APP_NAME__: JSON.stringify(appName),
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)),
    __DEFAULT_LOCALE__: JSON.stringify(process.env.DEFAULT_LOCALE ?? 'en'),
    __FEATURE_RENTAL__: JSON.stringify(flag(process.env.FEATURE_RENTAL, true)),
    __FEATURE_PAGE_NAVIGATION__: JSON.stringify(flag(process.env.FEATURE_PAGE_NAVIGATION, true)),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // hashed file names under assets/ are what infra/src/web-static.ts caches for a year
    assetsDir: 'assets',
    sourcemap: true,
    rollupOptions: {
      output: {
        // libraries change less often than the app: separate chunks stay cached across deployments
        manualChunks: {
          react: ['react', 'react-dom', 'wouter', 'jotai'],
          aria: ['react-aria-components'],
          intl: ['react-intl'],
          state: ['xstate', '@xstate/react', 'zod'],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_ORIGIN ?? 'http://localhost:3000', changeOrigin: false } },
  },
});
