import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { messageBundles } from './message-bundles.ts';
import { messageChunkOf } from './src/kit/i18n/message-chunks.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Same variable names and defaults as infra/src/config.ts, so one environment configures both sides. */
const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : ['true', '1', 'on'].includes(value);

const appName = process.env.APP_NAME ?? 'Assistive Tech Commons';

/** src/kit/i18n/messages/<locale>.json, src/features/<module>/messages/<locale>.json and the like */
const MESSAGE_FILE = /\/src\/(?:[^/]+\/)+messages\/[^/]+\.json$/;

/**
 * The message files reach the browser parsed (ICU syntax trees), as formatjs recommends: react-intl then needs
 * no message parser, and the one it would bundle is swapped for formatjs's empty stand-in (the alias below).
 * A syntax error stops the build. The tests read the files as they are (src/kit/i18n/all-messages.ts).
 */
function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!MESSAGE_FILE.test(id.split('?')[0]!)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * Libraries every page runs in full, in one chunk that stays cached across deployments. Nothing else is named:
 * a library only some screens use (react-aria's menus and dialogs, xstate, dompurify) goes to the chunks of the
 * screens that use it, and a page does not download what it does not show.
 */
const VENDOR =
  /\/node_modules\/(react|react-dom|scheduler|jotai|wouter|regexparam|styled-components|stylis|@emotion\/[^/]+|react-intl|intl-messageformat|@formatjs\/[^/]+|tslib)\//;

/**
 * What a page's first script (the entry chunk) must not carry (ADR 0047): zod, and react-aria's widgets, state and
 * number formatting. The first screen reads its documents with shapes (kit/api/shape.ts) and shows native controls
 * (kit/ui/plain.tsx); react-aria's RouterProvider stays (its link utilities, about 1 KB gzip), which every
 * react-aria link and menu item of the later screens navigates through.
 */
const NOT_IN_FIRST_SCRIPT =
  /\/node_modules\/(zod\/|react-aria-components\/|react-stately\/|@react-aria\/|@react-stately\/|@internationalized\/|react-aria\/(?!dist\/private\/utils\/))/;

/**
 * Fails the build when a module the entry takes brings zod or react-aria's widgets into the first script: Rollup
 * keeps in the entry chunk every export of a module the entry imports that a later chunk uses, so one schema
 * beside a constant the first screen reads is enough. The error names the app's modules that import the library.
 */
function firstScriptGuard(): Plugin {
  return {
    name: 'first-script-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const found = Object.entries(chunk.modules)
          .filter(([id, module]) => module.renderedLength > 0 && NOT_IN_FIRST_SCRIPT.test(id))
          .map(([id]) => id);
        if (found.length === 0) continue;
        // the app's modules in this chunk that import the library (through its own modules)
        const seen = new Set(found);
        const queue = [...found];
        const culprits = new Set<string>();
        while (queue.length > 0) {
          for (const importer of this.getModuleInfo(queue.shift()!)?.importers ?? []) {
            if (seen.has(importer)) continue;
            seen.add(importer);
            if (importer.includes('/node_modules/')) queue.push(importer);
            else if (importer in chunk.modules) culprits.add(importer);
          }
        }
        this.error(
          `the first script (${chunk.fileName}) carries ${found.length} module(s) it must not (ADR 0047), ` +
            `e.g. ${found[0]}, brought in by ${[...culprits].join(', ') || 'no module of the app'}`,
        );
      }
    },
  };
}

/**
 * Every text file of the browser's build is written a second and a third time, as `<file>.br` (brotli at its best
 * quality, 11) and `<file>.gz` (gzip at level 9), once per build: the host sends the one the browser takes
 * (host/src/web-static.ts) and compresses nothing per request. Not the HTML: the host answers every page itself,
 * with a nonce of its own, and compresses it on the fly. Files under 1 KB (the host's threshold too) and files
 * that would not shrink are left alone.
 */
function precompressed(): Plugin {
  return compression({
    algorithms: ['brotliCompress', 'gzip'],
    include: /\.(js|mjs|css|json|svg|txt|xml|webmanifest)$/,
    exclude: /\.html$/,
    threshold: 1024,
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  });
}

/**
 * `vite build` makes the browser's files in dist/; `vite build --ssr` (the second half of `npm run build`) makes
 * dist/server/server-entry.js, the module the host paints public pages with (ADR 0018). Everything is bundled
 * into it: the host may serve a copy of dist/ from anywhere, away from node_modules.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [
    messageBundles(),
    precompiledMessages(),
    react(),
    // the static title and social title before the app boots and names the page itself
    { name: 'app-name', transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', appName) },
    ...(isSsrBuild ? [] : [precompressed(), firstScriptGuard()]),
  ],
  define: {
    __APP_NAME__: JSON.stringify(appName),
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)),
    __DEFAULT_LOCALE__: JSON.stringify(process.env.DEFAULT_LOCALE ?? 'en'),
    __FEATURE_RENTAL__: JSON.stringify(flag(process.env.FEATURE_RENTAL, true)),
    __FEATURE_OPEN_BADGES__: JSON.stringify(flag(process.env.FEATURE_OPEN_BADGES, true)),
    __FEATURE_PAGE_NAVIGATION__: JSON.stringify(flag(process.env.FEATURE_PAGE_NAVIGATION, true)),
    __FEATURE_GLOBAL_SEARCH__: JSON.stringify(flag(process.env.FEATURE_GLOBAL_SEARCH, true)),
    __FEATURE_ARTICLES__: JSON.stringify(flag(process.env.FEATURE_ARTICLES, true)),
    __FEATURE_FORUM__: JSON.stringify(flag(process.env.FEATURE_FORUM, true)),
    __FEATURE_REPOSITORY__: JSON.stringify(flag(process.env.FEATURE_REPOSITORY, true)),
    __FEATURE_CALENDAR__: JSON.stringify(flag(process.env.FEATURE_CALENDAR, true)),
    __FEATURE_COMMENTS__: JSON.stringify(flag(process.env.FEATURE_COMMENTS, true)),
    __FEATURE_LIKES__: JSON.stringify(flag(process.env.FEATURE_LIKES, true)),
    __FEATURE_TRAININGS__: JSON.stringify(flag(process.env.FEATURE_TRAININGS, true)),
    __FEATURE_SURVEYS__: JSON.stringify(flag(process.env.FEATURE_SURVEYS, true)),
    __FEATURE_EQLAAT__: JSON.stringify(flag(process.env.FEATURE_EQLAAT, true)),
    __FEATURE_TRANSACTIONS__: JSON.stringify(flag(process.env.FEATURE_TRANSACTIONS, true)),
    __FEATURE_DOCUMENTS__: JSON.stringify(flag(process.env.FEATURE_DOCUMENTS, true)),
    __FEATURE_CONTACTS__: JSON.stringify(flag(process.env.FEATURE_CONTACTS, true)),
    __FEATURE_SOFTWARE__: JSON.stringify(flag(process.env.FEATURE_SOFTWARE, true)),
    __FEATURE_FORMS__: JSON.stringify(flag(process.env.FEATURE_FORMS, true)),
    __FEATURE_REMINDERS__: JSON.stringify(flag(process.env.FEATURE_REMINDERS, true)),
    __FEATURE_AAC_PRODUCTS__: JSON.stringify(flag(process.env.FEATURE_AAC_PRODUCTS, true)),
  },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: false,
        sourcemap: true,
        // one file: the host imports it once, and no lazy chunk is looked for on disk while a page is painted
        rollupOptions: {
          input: 'src/frame/first-paint/server-entry.tsx',
          output: { inlineDynamicImports: true },
        },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // hashed file names under assets/ are what host/src/web-static.ts caches for a year
        assetsDir: 'assets',
        sourcemap: true,
        rollupOptions: {
          output: {
            // message files travel in two chunks per locale (src/kit/i18n/message-chunks.ts)
            manualChunks: (id: string) => (VENDOR.test(id) ? 'vendor' : messageChunkOf(id)),
          },
        },
      },
  ssr: { noExternal: true },
  resolve: {
    alias: [
      // every message is parsed at build time (precompiledMessages)
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_ORIGIN ?? 'http://localhost:3000', changeOrigin: false } },
  },
}));
