import { LOCALES } from '@platform/contracts/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootRequestUrls } from '../../kit/api/boot-requests.ts';
import { allMessages } from '../../kit/i18n/all-messages.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { renderApp } from '../testing/render-app.tsx';

const PATH = '/services/accessibility-guidelines';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const levelOf = (heading: HTMLElement) => Number(heading.tagName.slice(1));

// the screen writes the section it scrolled to into the address (#tables); the tests share one document
let address = '';
beforeEach(() => {
  address = window.location.href;
});
afterEach(() => history.replaceState(null, '', address));

async function openGuidelines() {
  decided();
  const view = renderApp(PATH);
  await screen.findByRole('heading', { level: 1, name: 'Accessibility guidelines' });
  return { ...view, main: screen.getByRole('main') };
}

describe('the accessibility guidelines', () => {
  it('is a page of its own, named, with one main heading', async () => {
    const { main } = await openGuidelines();
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Accessibility guidelines | Assistive Tech Commons'));
    // an application screen: the server does not try to paint it as a CMS page
    expect(bootRequestUrls(PATH, '')).not.toContainEqual(expect.stringContaining('resolve'));
  });

  it('has headings in order: the h1 first, then no level skipped', async () => {
    const { main } = await openGuidelines();
    const levels = within(main)
      .getAllByRole('heading')
      .map((h) => levelOf(h));
    expect(levels[0]).toBe(1);
    expect(levels.length).toBeGreaterThan(10);
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `heading ${i + 1}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
  });

  it('lists every section in a named table of contents whose links lead to them', async () => {
    const { main } = await openGuidelines();
    const contents = within(main).getByRole('navigation', { name: 'On this page' });
    const links = within(contents).getAllByRole('link');
    const sections = within(main)
      .getAllByRole('heading', { level: 2 })
      .filter((h) => !contents.contains(h));
    expect(links.map((l) => l.textContent)).toEqual(sections.map((h) => h.textContent));
    for (const link of links) {
      const href = link.getAttribute('href')!;
      expect(href).toMatch(/^#[a-z-]+$/);
      const target = document.getElementById(href.slice(1));
      expect(target, href).not.toBeNull();
      expect(main.contains(target)).toBe(true);
      expect(within(target!).getByRole('heading', { level: 2 }).textContent).toBe(link.textContent);
    }
    expect(links.map((l) => l.textContent)).toEqual(
      expect.arrayContaining([
        'Images',
        'Links',
        'Video and audio',
        'Forms and surveys',
        'Where to ask for help',
      ]),
    );
  });

  it('takes the reader to a section: its heading gets the focus and the address names it', async () => {
    const user = userEvent.setup();
    const { main, location } = await openGuidelines();
    const contents = within(main).getByRole('navigation', { name: 'On this page' });
    await user.click(within(contents).getByRole('link', { name: 'Tables' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(main).getByRole('heading', { level: 2, name: 'Tables' })),
    );
    expect(window.location.hash).toBe('#tables');
    // an anchor on the page, not a navigation to another one
    expect(location.history?.at(-1)).toBe(PATH);
  });

  it('opens at the section an address names', async () => {
    history.replaceState(null, '', '#links');
    const { main } = await openGuidelines();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(main).getByRole('heading', { level: 2, name: 'Links' })),
    );
  });

  it('ends with where to ask for help and a link back to /accessibility', async () => {
    const user = userEvent.setup();
    const { location } = await openGuidelines();
    const help = document.getElementById('help')!;
    expect(within(help).getByText(/contact page/)).toBeTruthy();
    const back = within(help).getByRole('link', { name: 'Read what the site itself does for accessibility' });
    expect(back.getAttribute('href')).toBe('/accessibility');
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/accessibility');
  });

  it.each(LOCALES)('names the back office’s fields as its screens do (%s)', (locale) => {
    const messages = allMessages(locale);
    const where = messages['accessibilityGuidelines.images.where']!;
    for (const field of [
      'admin.menu.files',
      'admin.resources.field.files.description',
      'pageEditor.prop.alt',
    ]) {
      expect(messages[field], field).toBeTruthy();
      expect(where, field).toContain(messages[field]);
    }
  });
});

describe('the ways to the accessibility guidelines', () => {
  it('the accessibility page links to them', async () => {
    decided();
    const user = userEvent.setup();
    const { location } = renderApp('/accessibility');
    const link = await screen.findByRole('link', { name: 'Read the accessibility guidelines' });
    expect(link.getAttribute('href')).toBe(PATH);
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility guidelines' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe(PATH);
  });

  it('the site map lists them among the service pages', async () => {
    decided();
    renderApp('/site-map');
    const services = await screen.findByRole('region', { name: 'Services and information' });
    expect(
      within(services).getByRole('link', { name: 'Accessibility guidelines' }).getAttribute('href'),
    ).toBe(PATH);
  });
});
