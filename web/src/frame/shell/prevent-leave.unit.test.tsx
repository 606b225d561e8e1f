import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NavigationProvider } from '../../kit/routing/router.tsx';
import { allMessages } from '../../kit/i18n/all-messages.ts';

const en = allMessages('en');
import { DEFAULT_ACCESSIBILITY } from '../../kit/state/accessibility.ts';
import { preventLeaveAtom } from '../../kit/state/app-status.ts';
import { buildTheme } from '../../kit/theme/theme.ts';
import { Link } from '../../kit/ui/link.tsx';
import { GlobalDialogs } from './global-dialogs.tsx';

function setup(preventLeave: boolean) {
  const store = createStore();
  store.set(preventLeaveAtom, preventLeave);
  const location = memoryLocation({ path: '/form', record: true });
  render(
    <JotaiProvider store={store}>
      <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
        <IntlProvider locale="en" messages={en}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <NavigationProvider>
              <Link href="/elsewhere">Elsewhere</Link>
              <Link href="/double//slash">Double</Link>
              <GlobalDialogs />
            </NavigationProvider>
          </Router>
        </IntlProvider>
      </ThemeProvider>
    </JotaiProvider>,
  );
  return { store, location };
}

describe('navigation', () => {
  it('asks before leaving a page with unsaved changes', async () => {
    const user = userEvent.setup();
    const { store, location } = setup(true);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(location.history).toEqual(['/form']);

    await user.click(within(dialog).getByRole('button', { name: 'Stay on the page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(location.history).toEqual(['/form']);
    expect(store.get(preventLeaveAtom)).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(location.history).toEqual(['/form', '/elsewhere']);
    expect(store.get(preventLeaveAtom)).toBe(false);
  });

  it('navigates at once without unsaved changes, collapsing double slashes', async () => {
    const user = userEvent.setup();
    const { location } = setup(false);
    await user.click(screen.getByRole('link', { name: 'Double' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.history).toEqual(['/form', '/double/slash']);
  });
});
