import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';

let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app.close();
});

const line = (name: string, text: Record<string, string>, group?: string) =>
  app.admin('POST', '/language-lines', {
    data: { type: 'language-lines', attributes: { name, text, ...(group ? { group } : {}) } },
  });

describe('language lines', () => {
  it('serves the web group’s lines of one locale as message id → text, to anyone', async () => {
    expect((await line('shell.footer.legal', { en: 'Legal notice', fr: 'Mentions légales' })).status).toBe(
      201,
    );
    expect((await line('home.hero.title', { fr: 'Bienvenue' })).status).toBe(201);
    const other = await line('mail.subject', { fr: 'Sujet' }, 'mail');
    expect(other.status).toBe(201);

    const fr = await fetch(
      app.url(`/api/v1/services/web-language-lines?locale=fr&minPosition=${other.body.meta.position}`),
    );
    expect(fr.status).toBe(200);
    expect((await fr.json()).data).toEqual({
      'home.hero.title': 'Bienvenue',
      'shell.footer.legal': 'Mentions légales',
    });
    const en = await fetch(app.url('/api/v1/services/web-language-lines?locale=en'));
    expect((await en.json()).data).toEqual({ 'shell.footer.legal': 'Legal notice' });
  });

  it('refuses an unknown locale, a taken key and a text in an unknown locale', async () => {
    expect((await fetch(app.url('/api/v1/services/web-language-lines?locale=xx'))).status).toBe(400);
    expect((await fetch(app.url('/api/v1/services/web-language-lines'))).status).toBe(400);
    await line('auth.title', { en: 'Sign in' });
    const taken = await line('auth.title', { fr: 'Connexion' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].source.pointer).toBe('/data/attributes/name');
    const unknownLocale = await line('auth.subtitle', { de: 'Anmelden' });
    expect(unknownLocale.status).toBe(422);
  });
});
