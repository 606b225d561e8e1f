import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { z } from 'zod/v4';
import { useAuthApi } from '../../../kit/api/api-context.tsx';
import { useT } from '../../../kit/i18n/use-t.ts';
import { ROUTES } from '../../../kit/session/guard.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { Link } from '../../../kit/ui/link.tsx';
import { EmailField } from './auth-fields.tsx';
import { Actions, AuthFormScreen, Notice, StatusRegion } from './auth-layout.tsx';
import type en from './messages/en.json';
import { useAuthForm } from './use-auth-form.ts';
import { checkEmail } from './validation.ts';

export const AuthAnswerSchema = z.object({ state: z.string() }).passthrough();

/**
 * /auth/password/forgot (seed 000 §2.5): asks for a reset link. The confirmation is the same whether or not an
 * account uses the address (the server answers the same too: no enumeration).
 */
export function ForgotPasswordScreen() {
  const t = useT<typeof en>();
  const authApi = useAuthApi();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm<'email'>({
    initial: { email: new URLSearchParams(useSearch()).get('email') ?? '' },
    check: (values, tr) => {
      const email = checkEmail(values.email, tr);
      return email ? { email } : {};
    },
    send: async (values) => {
      await authApi.call(authEndpoints.forgotPassword, {
        schema: AuthAnswerSchema,
        body: { email: values.email.trim() },
      });
      setSentTo(values.email.trim());
    },
  });

  return (
    <AuthFormScreen
      title={t('auth.forgot.title')}
      form={form}
      before={
        <>
          <StatusRegion>
            {sentTo ? (
              <Notice tone="success">
                <p>{t('auth.forgot.sent', { email: sentTo })}</p>
                <p>{t('auth.forgot.sentHint')}</p>
              </Notice>
            ) : null}
          </StatusRegion>
          {sentTo ? null : <p>{t('auth.forgot.lead')}</p>}
        </>
      }
      instead={
        sentTo ? (
          <Actions>
            {/* the form is gone: focus moves to what comes next, and the confirmation above is announced */}
            <Button variant="secondary" autoFocus onPress={() => setSentTo(null)}>
              {t('auth.forgot.again')}
            </Button>
          </Actions>
        ) : null
      }
      submit={{ label: t('auth.forgot.submit'), pendingLabel: t('auth.forgot.pending') }}
      links={<Link href={ROUTES.signIn}>{t('auth.backToSignIn')}</Link>}
    >
      <EmailField {...form.field('email')} />
    </AuthFormScreen>
  );
}
