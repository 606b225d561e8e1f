/**
 * Cross-tab broadcasts (seed 000 §4): login, logout, locale, accessibility, dark theme, consent and
 * environment updates, and the rental cart. One channel per tab, used for both posting and listening, so a tab never hears itself.
 */
export type BroadcastMessage =
  | { type: 'locale'; locale: string }
  | { type: 'accessibility' }
  | { type: 'dark-theme' }
  | { type: 'consent' }
  | { type: 'environment-updated'; revision: string }
  | { type: 'login' }
  | { type: 'logout' }
  /** the rental cart or the checkout's step changed (features/rental) */
  | { type: 'rental-cart' };

export const CHANNEL_NAME = 'platform';

type Listener = (message: BroadcastMessage) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  channel?.addEventListener('message', (event: MessageEvent<BroadcastMessage>) => {
    if (event.data && typeof event.data === 'object' && 'type' in event.data) {
      for (const listener of listeners) listener(event.data);
    }
  });
  return channel;
}

export function broadcast(message: BroadcastMessage): void {
  getChannel()?.postMessage(message);
}

export function onBroadcast(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
