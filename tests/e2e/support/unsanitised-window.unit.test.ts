import DOMPurify from 'dompurify';
import { describe, expect, test } from 'vitest';
import { UNSANITISED_ATTRIBUTE, unsanitisedWindow } from './unsanitised-window.ts';

// DOMPurify as the web's sanitiser calls it (a fragment back), on the DOM the browser tests hand the server paint
function sanitize(html: string): string {
  const window = unsanitisedWindow() as Window & typeof globalThis;
  const fragment = DOMPurify(window).sanitize(html, { RETURN_DOM_FRAGMENT: true, ADD_TAGS: ['iframe'] });
  const container = window.document.createElement('div');
  container.appendChild(fragment);
  return container.innerHTML;
}

describe("the DOM of the browser tests' server paint", () => {
  test('leaves a marked block as the editor wrote it, script and handlers included', () => {
    const out = sanitize(
      `<div ${UNSANITISED_ATTRIBUTE}><script>window.x = 1</script><img src="a.png" onerror="x()"></div>`,
    );
    expect(out).toContain('<script>window.x = 1</script>');
    expect(out).toContain('onerror="x()"');
  });

  test('sanitises every other block as in production', () => {
    expect(sanitize('<p>Hi</p><script>window.x = 1</script><img src="a.png" onerror="x()">')).toBe(
      '<p>Hi</p><img src="a.png">',
    );
  });
});
