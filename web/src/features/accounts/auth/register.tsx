import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { RegisterRequestSchema } from '@platform/contracts/auth/requests';
import { useAtomValue } from 'jotai';
import { useAuthApi } from '../../../kit/api/api-context.tsx';
import { useT } from '../../../kit/i18n/use-t.ts';
import { AuthStateSchema } from '../../../kit/session/auth-state.ts';
import { ROUTES } from '../../../kit/session/guard.ts';
import { useSession } from '../../../kit/session/session.tsx';
import { localeAtom } from '../../../kit/state/settings.ts';
import { Link } from '../../../kit/ui/link.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import type { Translate } from './auth-errors.ts';
import { EmailField, NewPasswordFields } from './auth-fields.tsx';
import { AuthFormScreen } from './auth-layout.tsx';
import type en from './messages/en.json';
import { useAuthForm } from './use-auth-form.ts';
import { checkWithSchema } from './validation.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'passwordConfirmation'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /auth/register (seed 000 §2.5, register feature). The account is created signed in, in the interface's
 * language; its address still has to be verified, so the new member goes on to the verification screen.
 */
export function RegisterScreen() {
  const t = useT<typeof en>();
  const locale = useAtomValue(localeAtom);
  const { completeSignIn } = useSession();
  const authApi = useAuthApi();
  const body = (values: Record<Field, string>) => ({
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    password: values.password,
    passwordConfirmation: values.passwordConfirmation,
    locale,
  });
  const form = useAuthForm<Field>({
    initial: { firstName: '', lastName: '', email: '', password: '', passwordConfirmation: '' },
    check: (values, tr: Translate) => checkWithSchema(RegisterRequestSchema, body(values), FIELDS, tr),
    send: async (values) => {
      const answer = await authApi.call(authEndpoints.register, {
        schema: AuthStateSchema,
        body: body(values),
      });
      await completeSignIn(answer, ROUTES.verifyEmail);
    },
  });

  return (
    <AuthFormScreen
      title={t('auth.register.title')}
      form={form}
      submit={{ label: t('auth.register.submit'), pendingLabel: t('auth.register.pending') }}
      links={<Link href={ROUTES.signIn}>{t('auth.register.signIn')}</Link>}
    >
      <TextField
        {...form.field('firstName')}
        label={t('auth.field.firstName')}
        autoComplete="given-name"
        isRequired
      />
      <TextField
        {...form.field('lastName')}
        label={t('auth.field.lastName')}
        autoComplete="family-name"
        isRequired
      />
      <EmailField {...form.field('email')} />
      <NewPasswordFields
        password={form.field('password')}
        confirmation={form.field('passwordConfirmation')}
        label={t('auth.field.password')}
      />
    </AuthFormScreen>
  );
}
