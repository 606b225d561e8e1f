import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { allMessages } from '../i18n/all-messages.ts';
import { DEFAULT_ACCESSIBILITY } from '../state/accessibility.ts';
import { buildTheme } from '../theme/theme.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** A delete asked first: the command answers when the test calls `finish` (true: done, false: refused). */
function DeleteQuestion({ log, finish }: { log: string[]; finish: { current?: (ok: boolean) => void } }) {
  const [open, setOpen] = useState(true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!open) return <p>Closed</p>;
  return (
    <ConfirmDialog
      title="Delete the tool?"
      cancelLabel="Cancel"
      confirmLabel="Delete"
      pending={pending}
      error={error}
      onCancel={() => {
        log.push('cancel');
        setOpen(false);
      }}
      onConfirm={async () => {
        log.push('confirm');
        setPending(true);
        setError(null);
        const ok = await new Promise<boolean>((resolve) => (finish.current = resolve));
        setPending(false);
        if (ok) setOpen(false);
        else setError('The tool could not be deleted.');
      }}
    >
      <p>This cannot be undone.</p>
    </ConfirmDialog>
  );
}

function setup() {
  const log: string[] = [];
  const finish: { current?: (ok: boolean) => void } = {};
  render(
    <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
      <IntlProvider locale="en" messages={allMessages('en')}>
        <DeleteQuestion log={log} finish={finish} />
      </IntlProvider>
    </ThemeProvider>,
  );
  return { log, finish, user: userEvent.setup() };
}

describe('a confirmation dialog', () => {
  it('is an alert dialog named by its title, Cancel focused: Enter keeps what is there', async () => {
    const { log, user } = setup();
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the tool?' });
    expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(log).toEqual(['cancel']);
  });

  it('closes on Escape', async () => {
    const { log, user } = setup();
    await screen.findByRole('alertdialog', { name: 'Delete the tool?' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(log).toEqual(['cancel']);
  });

  it('disables both actions and stays open while pending, then says a failure in it', async () => {
    const { log, finish, user } = setup();
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the tool?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Delete the tool?' })).toBeTruthy();
    finish.current!(false);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The tool could not be deleted.');
    expect(within(dialog).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(finish.current).toBeDefined());
    finish.current!(true);
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(log).toEqual(['confirm', 'confirm']);
  });
});
