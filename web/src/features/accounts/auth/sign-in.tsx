import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { LoginRequestSchema } from '@platform/contracts/auth/requests';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useAuthApi } from '../../../kit/api/api-context.tsx';
import { useT } from '../../../kit/i18n/use-t.ts';
import { AuthStateSchema } from '../../../kit/session/auth-state.ts';
import { ROUTES } from '../../../kit/session/guard.ts';
import { useSession } from '../../../kit/session/session.tsx';
import { Link } from '../../../kit/ui/link.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import type { Translate } from './auth-errors.ts';
import { EmailField } from './auth-fields.tsx';
import { AuthFormScreen, Checkbox, Notice, StatusRegion } from './auth-layout.tsx';
import type en from './messages/en.json';
import { useAuthForm } from './use-auth-form.ts';
import { checkEmail, checkWithSchema } from './validation.ts';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

function check(values: Record<Field, string>, t: Translate) {
  const errors = checkWithSchema(LoginRequestSchema, { ...values, remember: false }, FIELDS, t);
  return { ...errors, email: checkEmail(values.email, t) ?? errors.email };
}

/**
 * /auth/sign-in (seed 000 §2.5): e-mail, password and "remember me". A wrong password and an unknown address
 * get the same message on the e-mail field (no enumeration); too many attempts say to wait.
 */
export function SignInScreen() {
  const t = useT<typeof en>();
  const params = new URLSearchParams(useSearch());
  const redirectUrl = params.get('redirectUrl');
  const { features, completeSignIn } = useSession();
  const authApi = useAuthApi();
  const [remember, setRemember] = useState(false);
  const form = useAuthForm<Field>({
    initial: { email: params.get('email') ?? '', password: '' },
    check,
    send: async (values) => {
      const answer = await authApi.call(authEndpoints.login, {
        schema: AuthStateSchema,
        body: { email: values.email.trim(), password: values.password, remember },
      });
      await completeSignIn(answer, redirectUrl ?? undefined);
    },
  });
  const forgotHref = forgotPasswordHref(form.values.email);

  return (
    <AuthFormScreen
      title={t('auth.signIn.title')}
      form={form}
      before={
        <StatusRegion>
          {params.get('guarded') === 'auth' ? <Notice>{t('auth.signIn.guarded')}</Notice> : null}
        </StatusRegion>
      }
      submit={{ label: t('auth.signIn.submit'), pendingLabel: t('auth.signIn.pending') }}
      links={
        <>
          <Link href={forgotHref}>{t('auth.signIn.forgot')}</Link>
          {features.register ? <Link href={ROUTES.register}>{t('auth.signIn.register')}</Link> : null}
        </>
      }
    >
      <EmailField {...form.field('email')} />
      <TextField
        {...form.field('password')}
        label={t('auth.field.password')}
        type="password"
        autoComplete="current-password"
        isRequired
      />
      <Checkbox name="remember" isSelected={remember} onChange={setRemember}>
        {t('auth.signIn.remember')}
      </Checkbox>
    </AuthFormScreen>
  );
}

/** The forgot-password link carries the address typed so far, so it need not be typed again. */
function forgotPasswordHref(email: string): string {
  const trimmed = email.trim();
  return trimmed
    ? `${ROUTES.forgotPassword}?${new URLSearchParams({ email: trimmed })}`
    : ROUTES.forgotPassword;
}
