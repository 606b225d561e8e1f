import { PASSWORD_MIN_LENGTH } from '@platform/contracts/auth/requests';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useT } from '../../../kit/i18n/use-t.ts';
import { useSignedInUser } from '../../../kit/session/session.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import type en from './messages/en.json';
import { EMPTY_PASSWORD, passwordBody, patchUser } from './profile-api.ts';
import { ProfileSection, SectionFormView, useSectionForm } from './section-form.tsx';

const FIELDS = ['oldPassword', 'password', 'passwordConfirmation'] as const;

/**
 * Password (ADR 0008 "who changes what"): the current password proves the account holder; an account opened
 * without a password (hasPassword false) sets one without it. Fields are emptied after a save.
 */
export function PasswordSection() {
  const t = useT<typeof en>();
  const api = useApi();
  const user = useSignedInUser();
  const form = useSectionForm({
    id: 'password',
    fromUser: () => EMPTY_PASSWORD,
    fields: FIELDS,
    validate: (values, u) => {
      const errors: Record<string, string> = {};
      const password = String(values.password ?? '');
      if (u.hasPassword && String(values.oldPassword ?? '') === '')
        errors.oldPassword = t('account.error.required');
      if (password.trim() === '') errors.password = t('account.error.required');
      else if (password.length < PASSWORD_MIN_LENGTH)
        errors.password = t('account.password.tooShort', { min: PASSWORD_MIN_LENGTH });
      if (String(values.passwordConfirmation ?? '') !== password)
        errors.passwordConfirmation = t('account.password.mismatch');
      return errors;
    },
    submit: async (values, _baseline, u) =>
      (await patchUser(api, u, passwordBody(values, u.hasPassword).attributes)).meta.position,
    savedMessage: t('account.password.saved'),
    afterSave: () => EMPTY_PASSWORD,
  });
  const title = t('account.password.title');

  return (
    <ProfileSection
      id="password"
      title={title}
      intro={user.hasPassword ? undefined : t('account.password.noPasswordYet')}
    >
      <SectionFormView form={form} label={title} submitLabel={t('account.password.submit')}>
        {/* lets password managers tie the new password to the account */}
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {user.hasPassword ? (
          <TextField
            label={t('account.password.current')}
            type="password"
            autoComplete="current-password"
            isRequired
            value={form.text('oldPassword')}
            onChange={(v) => form.edit('oldPassword', v)}
            errorMessage={form.errors.oldPassword}
          />
        ) : null}
        <TextField
          label={t('account.password.new')}
          description={t('account.password.newHelp', { min: PASSWORD_MIN_LENGTH })}
          type="password"
          autoComplete="new-password"
          isRequired
          value={form.text('password')}
          onChange={(v) => form.edit('password', v)}
          errorMessage={form.errors.password}
        />
        <TextField
          label={t('account.password.confirmation')}
          type="password"
          autoComplete="new-password"
          isRequired
          value={form.text('passwordConfirmation')}
          onChange={(v) => form.edit('passwordConfirmation', v)}
          errorMessage={form.errors.passwordConfirmation}
        />
      </SectionFormView>
    </ProfileSection>
  );
}
