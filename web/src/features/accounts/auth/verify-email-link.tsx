import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { VerifyEmailRequestSchema } from '@platform/contracts/auth/requests';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { z } from 'zod/v4';
import { ApiError } from '../../../kit/api/errors.ts';
import { useAuthApi } from '../../../kit/api/api-context.tsx';
import { useNavigation } from '../../../kit/routing/router.tsx';
import { useT } from '../../../kit/i18n/use-t.ts';
import { ROUTES } from '../../../kit/session/guard.ts';
import { useSession } from '../../../kit/session/session.tsx';
import { InlineLoader } from '../../../kit/loading/chrome.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import { Actions, AuthPage, FormAlert } from './auth-layout.tsx';
import type en from './messages/en.json';
import { nextStepPath } from './next-step.ts';

export const EXPIRED_PATH = `${ROUTES.verifyEmail}/expired`;

const VerifiedSchema = z
  .object({ state: z.string(), meta: z.object({ position: z.string().optional() }).passthrough().optional() })
  .passthrough();

/**
 * /auth/email/verify/{id}/{hash}?expires=&signature= (seed 000 §2.5), the link of the verification mail
 * (command-api/src/auth/links.ts): sent to the server on arrival. Verified: the member goes on (landing when
 * validated, else the not-validated page). An expired or altered link leads to the expired screen, which can
 * send a new one.
 */
export function VerifyEmailLinkScreen({ id, hash }: { id: string; hash: string }) {
  const t = useT<typeof en>();
  const params = new URLSearchParams(useSearch());
  const expires = params.get('expires');
  const signature = params.get('signature');
  const { features, refresh } = useSession();
  const { navigate } = useNavigation();
  const authApi = useAuthApi();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const verify = useCallback(async () => {
    const link = VerifyEmailRequestSchema.safeParse({ id, hash, expires, signature });
    if (!link.success) {
      navigate(EXPIRED_PATH, { replace: true });
      return;
    }
    setFailed(false);
    try {
      const answer = await authApi.call(authEndpoints.verifyEmail, {
        schema: VerifiedSchema,
        body: link.data,
      });
      const user = await refresh(answer.meta?.position);
      navigate(user ? nextStepPath({ ...user, emailVerified: true }, features) : ROUTES.signIn, {
        replace: true,
      });
    } catch (error) {
      // 403 auth.link_expired / auth.link_invalid, or a malformed link (422): ask for a new one
      if (error instanceof ApiError && (error.kind === 'forbidden' || error.kind === 'validation')) {
        navigate(EXPIRED_PATH, { replace: true });
        return;
      }
      setFailed(true);
    }
  }, [id, hash, expires, signature, authApi, refresh, navigate, features]);

  useEffect(() => {
    // once per visit, also under StrictMode's double effects
    if (started.current) return;
    started.current = true;
    void verify();
  }, [verify]);

  return (
    <AuthPage title={t('auth.verifyLink.title')}>
      {failed ? (
        <>
          <FormAlert ref={(node) => node?.focus()}>{t('auth.verifyLink.failed')}</FormAlert>
          <Actions>
            <Button onPress={() => void verify()}>{t('auth.verifyLink.retry')}</Button>
          </Actions>
        </>
      ) : (
        <InlineLoader aria-label={t('auth.verifyLink.pending')}>
          <p>{t('auth.verifyLink.pending')}</p>
        </InlineLoader>
      )}
    </AuthPage>
  );
}
