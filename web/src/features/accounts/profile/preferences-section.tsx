import { isTimezone, NOTIFICATION_KINDS } from '@platform/contracts/accounts/reference';
import { LOCALES, type Locale } from '@platform/contracts/enums';
import { useAtomValue } from 'jotai';
import { useContext, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useApi } from '../../../kit/api/api-context.tsx';
import { LANGUAGE_NAMES } from '../../../kit/i18n/load-messages.ts';
import { useT } from '../../../kit/i18n/use-t.ts';
import { preventLeaveAtom } from '../../../kit/state/app-status.ts';
import { changeLocale, localeAtom } from '../../../kit/state/settings.ts';
import { Select } from '../../../kit/ui/select.tsx';
import { Switch } from '../../../kit/ui/switch.tsx';
import type en from './messages/en.json';
import { notificationField, patchUser, preferencesBody, preferenceValues } from './profile-api.ts';
import { DirtySectionsContext, ProfileSection, SectionFormView, useSectionForm } from './section-form.tsx';
import { TimezoneField } from './timezone-field.tsx';

const FIELDS = [
  'locale',
  'editionLocale',
  'timezone',
  ...NOTIFICATION_KINDS.map((k) => notificationField(k)),
] as const;

const LANGUAGE_OPTIONS = LOCALES.map((l) => ({ id: l, label: LANGUAGE_NAMES[l] }));

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  padding: 0.5rem 1rem 1rem;
  margin: 0 0 1.25rem;
  legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

/**
 * Preferences (seed 000 §3, §4): notifications, interface and edition languages, time zone. Saving a language
 * other than the interface's switches the interface to it the way the language menu does (every tab reloads),
 * once nothing unsaved stands in the way.
 */
export function PreferencesSection() {
  const t = useT<typeof en>();
  const api = useApi();
  const interfaceLocale = useAtomValue(localeAtom);
  const preventLeave = useAtomValue(preventLeaveAtom);
  const { othersDirty } = useContext(DirtySectionsContext);
  const [switchTo, setSwitchTo] = useState<Locale | null>(null);
  const form = useSectionForm({
    id: 'preferences',
    fromUser: preferenceValues,
    fields: FIELDS,
    validate: (values): Record<string, string> =>
      isTimezone(String(values.timezone ?? '')) ? {} : { timezone: t('account.preferences.timezoneInvalid') },
    submit: async (values, _baseline, user) =>
      (await patchUser(api, user, preferencesBody(values).attributes)).meta.position,
    savedMessage: t('account.preferences.saved'),
    afterSave: (_user, sent) => {
      const locale = sent.locale as Locale;
      if (locale !== interfaceLocale) setSwitchTo(locale);
    },
  });

  // the reload waits for this section's prevent-leave flag to clear; other sections' unsaved edits are the
  // browser's question to ask
  useEffect(() => {
    if (switchTo === null || form.dirty || form.saving) return;
    if (preventLeave && !othersDirty('preferences')) return;
    setSwitchTo(null);
    changeLocale(switchTo);
  }, [switchTo, form.dirty, form.saving, preventLeave, othersDirty]);

  const title = t('account.preferences.title');
  return (
    <ProfileSection id="preferences" title={title}>
      <SectionFormView form={form} label={title}>
        <Fieldset>
          <legend>{t('account.preferences.notifications')}</legend>
          <ul>
            {NOTIFICATION_KINDS.map((kind) => (
              <li key={kind}>
                <Switch
                  isSelected={form.flag(notificationField(kind))}
                  onChange={(on) => form.edit(notificationField(kind), on)}
                >
                  {t(`account.notifications.${kind}`)}
                </Switch>
              </li>
            ))}
          </ul>
        </Fieldset>
        <Select
          label={t('account.preferences.locale')}
          description={t('account.preferences.localeHelp')}
          options={LANGUAGE_OPTIONS}
          selectedKey={form.text('locale')}
          onSelectionChange={(key) => key !== null && form.edit('locale', String(key))}
          errorMessage={form.errors.locale}
        />
        <Select
          label={t('account.preferences.editionLocale')}
          description={t('account.preferences.editionLocaleHelp')}
          options={LANGUAGE_OPTIONS}
          selectedKey={form.text('editionLocale')}
          onSelectionChange={(key) => key !== null && form.edit('editionLocale', String(key))}
          errorMessage={form.errors.editionLocale}
        />
        <TimezoneField
          label={t('account.preferences.timezone')}
          description={t('account.preferences.timezoneHelp')}
          showAllLabel={t('account.preferences.timezoneShowAll')}
          value={form.text('timezone')}
          onChange={(zone) => form.edit('timezone', zone)}
          errorMessage={form.errors.timezone}
        />
      </SectionFormView>
    </ProfileSection>
  );
}
