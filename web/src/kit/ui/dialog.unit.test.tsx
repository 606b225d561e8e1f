import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { allMessages } from '../i18n/all-messages.ts';
import { DEFAULT_ACCESSIBILITY } from '../state/accessibility.ts';
import { buildTheme } from '../theme/theme.ts';
import { Dialog } from './dialog.tsx';
import { TextField } from './text-field.tsx';

/** A form in a dialog, as the menu item form is: closing it loses what was typed. */
function Editor({ closed }: { closed: string[] }) {
  const [open, setOpen] = useState(true);
  const [label, setLabel] = useState('');
  return open ? (
    <Dialog
      title="Edit the item"
      isOpen
      unsaved={label !== ''}
      onOpenChange={(next) => {
        if (!next) {
          closed.push(label);
          setOpen(false);
        }
      }}
    >
      <TextField label="Label" value={label} onChange={setLabel} />
    </Dialog>
  ) : null;
}

function setup() {
  const closed: string[] = [];
  render(
    <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
      <IntlProvider locale="en" messages={allMessages('en')}>
        <Editor closed={closed} />
      </IntlProvider>
    </ThemeProvider>,
  );
  return { closed, user: userEvent.setup() };
}

describe('a dialog with unsaved edits', () => {
  it('closes on Escape at once while nothing is typed', async () => {
    const { closed, user } = setup();
    await screen.findByRole('dialog', { name: 'Edit the item' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(closed).toEqual(['']);
  });

  it('asks before Escape discards what was typed: keep, then discard', async () => {
    const { closed, user } = setup();
    await user.type(await screen.findByLabelText('Label'), 'Tools');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep editing' })),
    );

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe('Tools');
    expect(closed).toEqual([]);
    // the question gone, the reader is back in the field they were typing in
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Label')));

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard the changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(closed).toEqual(['Tools']);
  });
});
