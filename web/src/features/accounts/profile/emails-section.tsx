import {
  emailToAscii,
  MAX_SECONDARY_EMAILS,
  parseSecondaryEmails,
} from '@platform/contracts/accounts/emails';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useT } from '../../../kit/i18n/use-t.ts';
import { useSignedInUser } from '../../../kit/session/session.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import type en from './messages/en.json';
import { emailBody, emailValues, patchUser } from './profile-api.ts';
import { ProfileSection, SectionFormView, useSectionForm } from './section-form.tsx';

const FIELDS = ['email', 'secondaryEmails'] as const;

/**
 * E-mail addresses (seed 000 §3, §5): the main address (a new one must be verified again) and secondary
 * addresses, one per line; the form shows what the server stored (ASCII form) after a save.
 */
export function EmailsSection() {
  const t = useT<typeof en>();
  const api = useApi();
  const user = useSignedInUser();
  const form = useSectionForm({
    id: 'emails',
    fromUser: emailValues,
    fields: FIELDS,
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (emailToAscii(String(values.email ?? '')) === null) errors.email = t('account.error.email');
      // line numbers as the reader sees them (blank lines counted); parsing trims and skips blanks itself
      const parsed = parseSecondaryEmails(String(values.secondaryEmails ?? ''));
      if (!parsed.ok) {
        const lines = parsed.invalidLines.map((l) => l + 1);
        errors.secondaryEmails = t('account.emails.invalidLines', {
          count: lines.length,
          lines: lines.join(', '),
        });
      } else if (parsed.emails.length > MAX_SECONDARY_EMAILS) {
        errors.secondaryEmails = t('account.emails.tooMany', { max: MAX_SECONDARY_EMAILS });
      }
      return errors;
    },
    submit: async (values, baseline, u) =>
      (await patchUser(api, u, emailBody(values, baseline).attributes)).meta.position,
    savedMessage: t('account.emails.saved'),
  });
  const title = t('account.emails.title');
  const changing = form.text('email').trim() !== user.email;

  return (
    <ProfileSection id="emails" title={title}>
      <SectionFormView form={form} label={title}>
        <TextField
          label={t('account.emails.email')}
          type="email"
          autoComplete="email"
          isRequired
          value={form.text('email')}
          onChange={(v) => form.edit('email', v)}
          errorMessage={form.errors.email}
          description={
            changing
              ? t('account.emails.emailChanging')
              : user.emailVerified
                ? t('account.emails.emailVerified')
                : t('account.emails.emailUnverified')
          }
        />
        <TextField
          label={t('account.emails.secondary')}
          description={t('account.emails.secondaryHelp', { max: MAX_SECONDARY_EMAILS })}
          multiline
          value={form.text('secondaryEmails')}
          onChange={(v) => form.edit('secondaryEmails', v)}
          errorMessage={form.errors.secondaryEmails}
          autoComplete="off"
          spellCheck="false"
        />
      </SectionFormView>
    </ProfileSection>
  );
}
