let serverWindow: (Window & typeof globalThis) | null = null;

/**
 * The window whose DOM parses editors' HTML (the sanitiser, the text of an excerpt): the browser's, or on the
 * server (frame/first-paint/server-entry.tsx, ADR 0018) the DOM implementation the host hands over, since Node has none.
 */
export function setServerWindow(window: Window & typeof globalThis): void {
  serverWindow = window;
}

export function domWindow(): Window & typeof globalThis {
  return serverWindow ?? window;
}
