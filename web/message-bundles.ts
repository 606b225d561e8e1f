import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { isFirstScreenMessageFile } from './src/kit/i18n/message-chunks.ts';

const SRC = fileURLToPath(new URL('./src/', import.meta.url));
const PREFIX = 'virtual:message-bundle/';
const LOCALE_FILE = /^[a-z]{2}\.json$/;

/** Every message file of the web (`<folder>/messages/<locale>.json`), as paths relative to web/src. */
function messageFiles(dir = SRC): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...messageFiles(path));
    else if (dir.endsWith('/messages') && LOCALE_FILE.test(entry.name)) found.push(relative(SRC, path));
  }
  return found.sort();
}

/**
 * `virtual:message-bundle/<locale>/<first|rest>`: one module per locale and part that imports that locale's message
 * files and exports them merged (kit/i18n/load-messages.ts asks for 14 of them by name). Before, the loader held a
 * lazy import per file, 210 of them, which weighed 6 KB gzip in the first script; the files still travel in two
 * chunks per locale (message-chunks.ts), each now with the module that merges them. The files are found when a
 * bundle is first asked for: a message file added later needs the dev server restarted.
 */
export function messageBundles(): Plugin {
  return {
    name: 'message-bundles',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [locale, part] = id.slice(PREFIX.length + 1).split('/');
      if (!locale || (part !== 'first' && part !== 'rest')) throw new Error(`No message bundle ${id}`);
      const files = messageFiles().filter(
        (file) => file.endsWith(`/${locale}.json`) && isFirstScreenMessageFile(file) === (part === 'first'),
      );
      if (part === 'first' && files.length === 0) throw new Error(`No messages for locale ${locale}`);
      const imports = files.map((file, i) => `import m${i} from ${JSON.stringify(join(SRC, file))};`);
      return `${imports.join('\n')}\nexport default Object.assign({}, ${files.map((_, i) => `m${i}`).join(', ')});\n`;
    },
  };
}
