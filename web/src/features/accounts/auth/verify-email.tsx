import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { useEffect, useRef, useState } from 'react';
import { useAuthApi } from '../../../kit/api/api-context.tsx';
import { useNavigation } from '../../../kit/routing/router.tsx';
import { useMessageLookup, useT } from '../../../kit/i18n/use-t.ts';
import { useSession, useSignedInUser } from '../../../kit/session/session.tsx';
import { InlineLoader } from '../../../kit/loading/chrome.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import { describeAuthError, type Translate } from './auth-errors.ts';
import { Actions, AuthPage, FormAlert, Notice, StatusRegion } from './auth-layout.tsx';
import { AuthAnswerSchema } from './forgot-password.tsx';
import type en from './messages/en.json';
import { nextStepPath } from './next-step.ts';

/**
 * /auth/email/verify and /auth/email/verify/expired (seed 000 §2.5): the member is asked to open the link mailed
 * to their address, and may have it sent again. Once the address is verified they go on (not-validated page or
 * landing).
 */
export function VerifyEmailScreen({ expired = false }: { expired?: boolean }) {
  const t = useT<typeof en>();
  const lookup = useMessageLookup();
  const user = useSignedInUser();
  const { features, refresh, signOut } = useSession();
  const { navigate } = useNavigation();
  const authApi = useAuthApi();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement | null>(null);
  const verified = user.emailVerified;
  const next = nextStepPath(user, features);

  useEffect(() => {
    if (verified) navigate(next, { replace: true });
  }, [verified, next, navigate]);
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  const resend = async () => {
    if (sending) return;
    setSending(true);
    setError(null);
    setSent(false);
    try {
      const answer = await authApi.call(authEndpoints.verificationNotification, { schema: AuthAnswerSchema });
      // verified meanwhile (in another tab): reading the user again moves this screen on
      if (answer.state === 'already_verified') await refresh();
      else setSent(true);
    } catch (caught) {
      try {
        setError(describeAuthError(caught, [], lookup, t as Translate).form);
      } catch {
        setError(t('auth.error.notSent'));
      }
    } finally {
      setSending(false);
    }
  };

  if (verified) return <InlineLoader aria-label={t('app.loading')} />;
  const title = expired ? t('auth.verify.expiredTitle') : t('auth.verify.title');
  return (
    <AuthPage title={title}>
      {expired ? <Notice tone="warning">{t('auth.verify.expiredLead')}</Notice> : null}
      <p>{t('auth.verify.lead', { email: user.email })}</p>
      <p>{t('auth.verify.hint')}</p>
      {error ? <FormAlert ref={alertRef}>{error}</FormAlert> : null}
      <StatusRegion>
        {sent ? <Notice tone="success">{t('auth.verify.sent', { email: user.email })}</Notice> : null}
      </StatusRegion>
      <Actions>
        <Button isPending={sending} onPress={() => void resend()}>
          {sending ? t('auth.verify.sending') : t('auth.verify.resend')}
        </Button>
        <Button variant="secondary" onPress={() => void signOut()}>
          {t('auth.signOut')}
        </Button>
      </Actions>
    </AuthPage>
  );
}
