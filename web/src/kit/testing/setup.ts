import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// lazy screens are transformed on first import in a test run, and a loaded two-core machine (the web tests run
// beside the others) can take longer than the 1 s default to move focus or render: waits are for the condition
// itself, bounded well below the 15 s test timeout
configure({ asyncUtilTimeout: 10_000 });

// vitest runs without globals, so Testing Library cannot register its own cleanup
afterEach(() => {
  cleanup();
  // react-aria's live announcer is one node for the whole document, and the web tests share one document
  // (isolate: false): what a test announced must not be found by the next one
  document.querySelectorAll('[data-live-announcer] [role="log"]').forEach((log) => log.replaceChildren());
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});

// jsdom has no matchMedia; the shell asks it for the mobile breakpoint and the colour-scheme preference
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no CSS.escape; react-aria's modal reads a meta tag through it
if (typeof globalThis.CSS === 'undefined') (globalThis as { CSS?: unknown }).CSS = {};
if (typeof CSS.escape !== 'function') {
  CSS.escape = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
}
