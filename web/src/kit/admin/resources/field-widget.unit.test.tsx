import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { allMessages } from '../../i18n/all-messages.ts';
import { DEFAULT_ACCESSIBILITY } from '../../state/accessibility.ts';
import { buildTheme } from '../../theme/theme.ts';
import { FieldWidget } from './field-widget.tsx';
import type { FormField } from './form-model.ts';

const FLAG: FormField = {
  name: 'active',
  widget: 'switch',
  kind: 'boolean',
  required: false,
  nullable: false,
};

function renderSwitch(error?: string) {
  render(
    <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
      <IntlProvider locale="en" messages={allMessages('en')}>
        <FieldWidget
          type="gadgets"
          field={FLAG}
          label="Active"
          enumLabel={(value) => value}
          value={false}
          onChange={() => undefined}
          error={error}
        />
      </IntlProvider>
    </ThemeProvider>,
  );
}

describe('a switch of the generated forms', () => {
  it('shows the server’s message for it, and the switch is described by it', () => {
    renderSwitch('Only an administrator may turn this on');
    const message = screen.getByText('Only an administrator may turn this on');
    const control = screen.getByRole('switch', { name: 'Active' });
    expect(control.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
  });

  it('says nothing when there is nothing to say', () => {
    renderSwitch();
    expect(screen.getByRole('switch', { name: 'Active' }).getAttribute('aria-describedby')).toBeNull();
  });
});
