import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import '@fontsource/montserrat/600.css';
import '@fontsource/montserrat/700.css';
import '@fontsource/andika/400.css';
import '@fontsource/andika/700.css';
import '@fontsource/opendyslexic/400.css';
import '@fontsource/opendyslexic/700.css';
import './kit/theme/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './frame/app.tsx';
import { startBootRequests } from './kit/api/boot-requests.ts';
import { preloadAuthScreen } from './features/accounts/index.ts';
import { revealApp } from './kit/loading/reveal.ts';
import { loadMessages } from './kit/i18n/load-messages.ts';
import { bootLocale } from './kit/state/settings.ts';

// What the first render waits for, all at once and before React starts (issue 10): the boot reads of the API and
// the messages of the reader's language. The providers take them when they ask.
const FIRST_PAINT_LIMIT_MS = 8_000;
const locale = bootLocale();
startBootRequests({ locale, pathname: window.location.pathname, search: window.location.search });
loadMessages(locale).catch(() => undefined); // App asks again and handles a failure
preloadAuthScreen(window.location.pathname);

// the page the server painted (ADR 0018) gives way to the app when the app shows it (cms/cms-page.tsx); should the
// app never get there (a failed chunk, a screen that waits on something), it gives way all the same
setTimeout(revealApp, FIRST_PAINT_LIMIT_MS);

// a lazy chunk of a previous deployment is gone: reloading fetches the current one (seed 000 §7, §8)
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App locale={locale} />
  </StrictMode>,
);
