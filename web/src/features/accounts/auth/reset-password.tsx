import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { ResetPasswordRequestSchema } from '@platform/contracts/auth/requests';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../kit/api/errors.ts';
import { useAuthApi } from '../../../kit/api/api-context.tsx';
import { useNavigation } from '../../../kit/routing/router.tsx';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { useT } from '../../../kit/i18n/use-t.ts';
import { ROUTES } from '../../../kit/session/guard.ts';
import { ButtonLink, Link } from '../../../kit/ui/link.tsx';
import { NewPasswordFields } from './auth-fields.tsx';
import { AuthFormScreen, FormAlert } from './auth-layout.tsx';
import { AuthAnswerSchema } from './forgot-password.tsx';
import type en from './messages/en.json';
import { useAuthForm } from './use-auth-form.ts';
import { checkWithSchema } from './validation.ts';

const FIELDS = ['password', 'passwordConfirmation'] as const;
type Field = (typeof FIELDS)[number];

/** The e-mail segment of the mailed link is URI-encoded (command-api/src/auth/password-routes.ts). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * /auth/password/reset/{token}/{email} (seed 000 §2.5), the link of the reset mail: a new password, twice. Done:
 * every session of the account was closed, so the member signs in again with the address filled in. A link
 * already used, expired or not valid says so and offers to ask for a new one.
 */
export function ResetPasswordScreen({ token, email: segment }: { token: string; email: string }) {
  const t = useT<typeof en>();
  const authApi = useAuthApi();
  const toast = useToast();
  const { navigate } = useNavigation();
  const email = decodeSegment(segment);
  const [linkRefused, setLinkRefused] = useState(false);
  const body = (values: Record<Field, string>) => ({ token, email, ...values });
  const form = useAuthForm<Field>({
    initial: { password: '', passwordConfirmation: '' },
    check: (values, tr) => checkWithSchema(ResetPasswordRequestSchema, body(values), FIELDS, tr),
    send: async (values) => {
      await authApi.call(authEndpoints.resetPassword, { schema: AuthAnswerSchema, body: body(values) });
      toast(t('auth.reset.done'), 'success');
      navigate(`${ROUTES.signIn}?${new URLSearchParams({ email })}`, { replace: true });
    },
    handle: (error) => {
      const refused =
        error instanceof ApiError &&
        error.errors.some((e) => e.code === 'validation.invalid_token' || e.source?.pointer === '/token');
      if (refused) setLinkRefused(true);
      return refused;
    },
  });
  const refusedRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (linkRefused) refusedRef.current?.focus();
  }, [linkRefused]);
  const newLinkHref = `${ROUTES.forgotPassword}?${new URLSearchParams({ email })}`;

  return (
    <AuthFormScreen
      title={t('auth.reset.title')}
      form={form}
      before={linkRefused ? <FormAlert ref={refusedRef}>{t('auth.reset.linkRefused')}</FormAlert> : null}
      lead={<p>{t('auth.reset.lead', { email })}</p>}
      instead={linkRefused ? <ButtonLink href={newLinkHref}>{t('auth.reset.requestNew')}</ButtonLink> : null}
      submit={{ label: t('auth.reset.submit'), pendingLabel: t('auth.reset.pending') }}
      links={<Link href={ROUTES.signIn}>{t('auth.backToSignIn')}</Link>}
    >
      {/* the account's address, for password managers to file the new password under */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <NewPasswordFields
        password={form.field('password')}
        confirmation={form.field('passwordConfirmation')}
        label={t('auth.field.newPassword')}
      />
    </AuthFormScreen>
  );
}
