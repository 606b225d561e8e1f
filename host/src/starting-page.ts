import { LOCALES, type Locale } from '@platform/contracts/enums';

interface StartingMessages {
  title: string;
  text: string;
  retry: string;
}

/** The one screen the web cannot draw itself: it is served before the platform is ready to serve the web. */
const MESSAGES: Record<Locale, StartingMessages> = {
  en: {
    title: 'The site is starting',
    text: 'It will be ready in a few seconds, and this page will then open by itself.',
    retry: 'Try again',
  },
  fr: {
    title: 'Le site démarre',
    text: 'Il sera prêt dans quelques secondes, et cette page s’ouvrira alors d’elle-même.',
    retry: 'Réessayer',
  },
  it: {
    title: 'Il sito si sta avviando',
    text: 'Sarà pronto tra pochi secondi e questa pagina si aprirà da sola.',
    retry: 'Riprova',
  },
  es: {
    title: 'El sitio se está iniciando',
    text: 'Estará listo en unos segundos y entonces esta página se abrirá sola.',
    retry: 'Reintentar',
  },
  ca: {
    title: 'El lloc s’està iniciant',
    text: 'Estarà a punt d’aquí a uns segons i aleshores aquesta pàgina s’obrirà tota sola.',
    retry: 'Torna-ho a provar',
  },
  da: {
    title: 'Siden starter',
    text: 'Den er klar om få sekunder, og så åbner denne side af sig selv.',
    retry: 'Prøv igen',
  },
  ro: {
    title: 'Site-ul pornește',
    text: 'Va fi gata în câteva secunde, iar această pagină se va deschide apoi singură.',
    retry: 'Încearcă din nou',
  },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A self-contained page (no script or style files: the web may not be served yet) that says the site is
 * starting, checks /readyz every second and reloads once the platform answers. Its script carries the nonce of
 * the answer's Content-Security-Policy (security-headers.ts). Light and dark follow the
 * system; the text reflows at any width and text spacing.
 */
export function startingPage(locale: Locale, nonce: string): string {
  const m = MESSAGES[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(m.title)}</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f7f7f7; color: #1a1a1a; }
main { max-width: 36rem; padding: 1.5rem; overflow-wrap: anywhere; }
a { color: #0b57d0; }
a:focus-visible { outline: 3px solid currentColor; outline-offset: 3px; }
@media (prefers-color-scheme: dark) { body { background: #121212; color: #ececec; } a { color: #8ab4f8; } }
</style>
</head>
<body>
<main>
<h1>${escape(m.title)}</h1>
<p role="status">${escape(m.text)}</p>
<p><a href="">${escape(m.retry)}</a></p>
</main>
<script nonce="${escape(nonce)}">
(function check() {
  fetch('/readyz', { cache: 'no-store' })
    .then(function (r) { if (r.ok) location.reload(); else setTimeout(check, 1000); })
    .catch(function () { setTimeout(check, 1000); });
})();
</script>
</body>
</html>
`;
}

export const STARTING_LOCALES: readonly Locale[] = LOCALES;
