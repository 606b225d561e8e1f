import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { allMessages } from '../../i18n/all-messages.ts';
import { DEFAULT_ACCESSIBILITY } from '../../state/accessibility.ts';
import { buildTheme } from '../../theme/theme.ts';
import { FieldWidget } from './field-widget.tsx';
import type { FormField, FormValue } from './form-model.ts';

const FLAG: FormField = {
  name: 'active',
  widget: 'switch',
  kind: 'boolean',
  required: false,
  nullable: false,
};

const SECRET: FormField = {
  name: 'token',
  widget: 'text',
  kind: 'text',
  required: false,
  nullable: true,
  generated: 'secret',
};

function renderField(type: string, field: FormField, label: string, value: FormValue, error?: string) {
  render(
    <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
      <IntlProvider locale="en" messages={allMessages('en')}>
        <FieldWidget
          type={type}
          field={field}
          label={label}
          enumLabel={(v) => v}
          value={value}
          onChange={() => undefined}
          error={error}
        />
      </IntlProvider>
    </ThemeProvider>,
  );
}

const renderSwitch = (error?: string) => renderField('gadgets', FLAG, 'Active', false, error);

/** The texts a control is described by, in order. */
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

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

describe('a secret the platform makes, on an update form', () => {
  it('is one line of text that says the platform makes it and what emptying it does', () => {
    renderField('gadgets', SECRET, 'Key', 'k3Y_4n0tH3r-s3cr3t-v4lu3-0f-32ch');
    const field = screen.getByRole('textbox', { name: 'Key' });
    expect(field.tagName).toBe('INPUT');
    expect((field as HTMLInputElement).value).toBe('k3Y_4n0tH3r-s3cr3t-v4lu3-0f-32ch');
    expect(field.getAttribute('spellcheck')).toBe('false');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(describedBy(field)).toBe(
      'A secret value made by the platform. Empty the field to get a new one; the old one then stops working.',
    );
  });

  it('says what its type says of it instead, when its type says something', () => {
    renderField('light-user-forms', SECRET, 'Link key', 'k3Y_4n0tH3r-s3cr3t-v4lu3-0f-32ch');
    const described = describedBy(screen.getByRole('textbox', { name: 'Link key' }));
    expect(described).toContain('Empty it to make a new link; the old one then stops working.');
    expect(described).not.toContain('A secret value made by the platform');
  });
});
