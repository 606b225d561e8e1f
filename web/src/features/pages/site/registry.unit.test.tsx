import { readComponentProps } from '@platform/contracts/pages/components';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockBoundary, parseCmsComponent } from './registry.tsx';
import { consent, renderCmsPage } from '../../../frame/testing/cms-testing.tsx';

afterEach(() => vi.restoreAllMocks());

describe('the component registry', () => {
  it('renders props read with the contract schemas, defaults filled in (the route resolver reads them so)', () => {
    const clients = readComponentProps('clients', {});
    expect(parseCmsComponent('clients', clients!)).toMatchObject({
      type: 'clients',
      props: { logoMaxSize: 150 },
    });
    expect(readComponentProps('contact', { title: 'Write to us' })).toMatchObject({
      contactUsPath: '/contact-us',
      newsletterPath: '/newsletter/subscribe',
    });
  });

  it('renders nothing for an unknown type or props that do not parse, warns, and keeps the page', async () => {
    // a type this build does not know is left out by the page, with a warning for the developers; props that
    // do not parse are left out by the route resolver already (query-api/src/routes/routes.ts, which logs them),
    // as the test edge's answer is (frame/testing/cms-testing.tsx)
    consent();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderCmsPage([
      { name: 'title', props: { title: 'First block', level: 1 } },
      { name: 'guestbook', props: { title: 'Not in this build' } },
      { name: 'title', props: { title: 'Bad level', level: 12 } },
      {
        name: 'buttons',
        props: { buttons: [{ kind: 'external', label: 'Unsafe', url: 'javascript:alert(1)' }] },
      },
      { name: 'title', props: { title: 'Last block', level: 2 } },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'First block' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Last block' })).toBeTruthy();
    expect(screen.queryByText('Not in this build')).toBeNull();
    expect(screen.queryByText('Bad level')).toBeNull();
    expect(screen.queryByRole('link', { name: /Unsafe/ })).toBeNull();
    // the rendered sections keep their stored positions in their ids
    expect(document.getElementById('page-section-0')).not.toBeNull();
    expect(document.getElementById('page-section-1')).toBeNull();
    expect(document.getElementById('page-section-4')).not.toBeNull();
    expect(parseCmsComponent('guestbook', { title: 'Not in this build' })).toBeNull();
    const messages = warn.mock.calls.map((c) => String(c[0]));
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringContaining('unknown component type "guestbook"')]),
    );
  });

  it('hides a block that throws while rendering, and only that block', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <div>
        <BlockBoundary name="hero">
          <Broken />
        </BlockBoundary>
        <p>still here</p>
      </div>,
    );
    expect(screen.getByText('still here')).toBeTruthy();
    expect(warn.mock.calls.some((c) => String(c[0]).includes('"hero" component failed'))).toBe(true);
  });
});

describe('a page', () => {
  it('renders its components in order in sections with their ids, inverted where asked, and names itself', async () => {
    consent();
    document.title = '';
    renderCmsPage(
      [
        {
          name: 'hero',
          viewId: 'welcome',
          props: {
            title: 'Assistive technology, shared',
            buttons: [{ kind: 'internal', label: 'About', path: '/about' }],
          },
        },
        {
          name: 'content',
          props: { title: 'What you can do', items: [{ title: 'Borrow', description: 'x'.repeat(300) }] },
        },
        {
          name: 'testimonials',
          props: {
            title: 'Voices',
            inverseBackground: true,
            items: [{ quote: 'Great', author: 'A parent' }],
          },
        },
      ],
      'Home',
    );
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Assistive technology, shared' });
    const sections = Array.from(document.querySelectorAll('[data-testid="cms-page"] > section'));
    expect(sections.map((s) => s.id)).toEqual(['welcome', 'page-section-1', 'page-section-2']);
    expect(sections.map((s) => s.hasAttribute('data-inverse'))).toEqual([false, false, true]);
    expect(sections[0]?.contains(h1)).toBe(true);
    expect(screen.getByRole('region', { name: 'Voices' })).toBe(sections[2]);
    expect(screen.getByRole('heading', { level: 3, name: 'Borrow' })).toBeTruthy();
    // the short description is cut to 200 characters, ellipsis included
    expect(screen.getByText(/^x+…$/).textContent).toHaveLength(200);
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    await waitFor(() => expect(document.title).toBe('Home | Assistive Tech Commons'));
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Home');
    await waitFor(() => expect(screen.getByTestId('route-announcer').textContent).toBe('Home, page loaded'));
  });

  it('gives a page without a visible level-1 heading a hidden one with its title', async () => {
    consent();
    renderCmsPage([{ name: 'title', props: { title: 'Section', level: 2 } }], 'Legal notice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Legal notice' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
