import { LOCALES } from '@platform/contracts/enums';
import type { FormFieldView, FormSection } from '@platform/contracts/forms/rules';
import { describe, expect, it } from 'vitest';
import { receiptLocale, receiptMessage } from './receipt.ts';

const field = (
  id: string,
  title: string,
  fieldType: FormFieldView['fieldType'] = 'short_text',
): FormFieldView => ({
  id,
  position: 0,
  title,
  description: null,
  required: false,
  fieldType,
  dataType: fieldType === 'short_text' ? 'text' : null,
  config: {},
});

const sections: FormSection[] = [
  // questions before any section have no page title
  { id: null, title: null, description: null, fields: [field('a', 'Your name')] },
  {
    id: 's',
    title: 'Your needs',
    description: null,
    fields: [
      field('b', 'What helps?', 'multiple_choice'),
      field('c', 'Anything else?', 'long_text'),
      field('d', 'Agreed', 'checkbox'),
    ],
  },
];

describe('a respondent’s copy of their answers', () => {
  it('lists each question with its answer, as the form asked them', () => {
    const mail = receiptMessage({
      to: 'ana@example.org',
      locale: 'en',
      formName: 'Needs',
      appName: 'The platform',
      message: null,
      sections,
      answers: { a: 'Ana', b: ['Repairs', 'Loans'], d: false },
    });
    expect(mail.to).toBe('ana@example.org');
    expect(mail.subject).toBe('Needs: a copy of your answers');
    expect(mail.text).toBe(
      [
        'Thank you. Here are the answers you sent to the form “Needs”.',
        '',
        'Your name',
        'Ana',
        '',
        '== Your needs ==',
        '',
        'What helps?',
        'Repairs, Loans',
        '',
        'Anything else?',
        '(no answer)',
        '',
        'Agreed',
        'No',
        '',
        '--',
        'This message was sent by The platform because this address was given in the form.',
        '',
      ].join('\n'),
    );
  });

  it('speaks each language of the platform, and English for any other', () => {
    const subjects = LOCALES.map(
      (locale) =>
        receiptMessage({
          to: 'a@example.org',
          locale,
          formName: 'F',
          appName: 'P',
          message: null,
          sections,
          answers: {},
        }).subject,
    );
    expect(new Set(subjects).size).toBe(LOCALES.length);
    for (const subject of subjects) expect(subject).toMatch(/^F ?:/);
    expect(receiptLocale('fr')).toBe('fr');
    expect(receiptLocale('de')).toBe('en');
    expect(receiptLocale(null)).toBe('en');
  });
});
