import { describe, expect, test } from 'vitest';
import { scriptsAfterFirstFrame } from './first-paint.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Site</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the scripts of a painted page', () => {
  test('leave the head and are asked for after the first frame, the preloaded chunks with the entry', () => {
    const html = scriptsAfterFirstFrame(INDEX, 'bm9uY2Utb25l');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload" crossorigin href');
    // the stylesheet stays where it is: the paint needs it
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
    // the loader is inline: it carries the answer's nonce, or the Content-Security-Policy stops it
    const loader = /<script nonce="bm9uY2Utb25l">(requestAnimationFrame\(.*\))<\/script><\/body>/s.exec(
      html,
    )?.[1];
    expect(loader).toBeDefined();
    expect(loader).toContain('"/assets/index-abc.js"');
    expect(loader).toContain('["/assets/vendor-def.js"]');
  });

  test('a page without the entry script is left as it is', () => {
    const plain = '<html><head></head><body><div id="root"></div></body></html>';
    expect(scriptsAfterFirstFrame(plain, 'bm9uY2Utb25l')).toBe(plain);
  });
});
