import { ValidationRequestAttributesSchema } from '@platform/contracts/accounts/requests';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../../kit/api/errors.ts';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useNavigation } from '../../../kit/routing/router.tsx';
import { useT } from '../../../kit/i18n/use-t.ts';
import { useSession, useSignedInUser } from '../../../kit/session/session.tsx';
import { InlineLoader } from '../../../kit/loading/chrome.tsx';
import { useLoadedAt } from '../../../kit/loading/use-loaded.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import {
  Actions,
  AuthForm,
  AuthPage,
  FormAlert,
  Notice,
  StatusRegion,
  SubmitButton,
} from './auth-layout.tsx';
import type en from './messages/en.json';
import { nextStepPath } from './next-step.ts';
import { useAuthForm } from './use-auth-form.ts';
import { checkWithSchema } from './validation.ts';
import {
  latestValidationRequest,
  sendValidationRequest,
  type ValidationRequest,
} from './validation-requests.ts';

/**
 * /auth/not-validated (seed 000 §2.5, §4): the account waits for an administrator's validation. With the
 * validation-requests feature the member sees their latest request and, when none is pending, may send one.
 */
export function NotValidatedScreen() {
  const t = useT<typeof en>();
  const user = useSignedInUser();
  const { features, signOut, refresh } = useSession();
  const { navigate } = useNavigation();
  const api = useApi();
  const [justSent, setJustSent] = useState(false);
  const done = user.validated;
  const next = nextStepPath(user, features);

  useEffect(() => {
    if (done) navigate(next, { replace: true });
  }, [done, next, navigate]);

  const reading = features.validationRequests && !done;
  const {
    state: latest,
    reload,
    reloadAndWait,
  } = useLoadedAt(
    async ({ signal, minPosition }) => {
      if (!reading) return null;
      const request = await latestValidationRequest(api, user.id, { minPosition, signal });
      // accepted: the account is validated; reading it again moves this screen on
      if (request?.attributes.status === 'accepted') await refresh().catch(() => null);
      return request;
    },
    [api, user.id, reading, refresh],
    { keep: true },
  );

  const form = useAuthForm<'description'>({
    initial: { description: '' },
    check: (values, tr) =>
      checkWithSchema(
        ValidationRequestAttributesSchema,
        { description: values.description },
        ['description'],
        tr,
      ),
    send: async (values) => {
      const position = await sendValidationRequest(api, values.description.trim());
      setJustSent(true);
      await reloadAndWait(position);
    },
    handle: (error) => {
      // a request is already pending (sent from another tab): show it instead of an error
      if (error instanceof ApiError && error.kind === 'conflict') {
        reload();
        return true;
      }
      return false;
    },
  });

  if (done) return <InlineLoader aria-label={t('app.loading')} />;
  const request = latest.status === 'ready' ? latest.value : null;
  const canRequest = latest.status === 'ready' && request?.attributes.status !== 'pending';

  return (
    <AuthPage title={t('auth.notValidated.title')}>
      <p>{t('auth.notValidated.lead')}</p>
      {features.validationRequests ? (
        <section aria-labelledby="validation-request-heading">
          <h2 id="validation-request-heading">{t('auth.notValidated.requestHeading')}</h2>
          <StatusRegion>
            {justSent ? <Notice tone="success">{t('auth.notValidated.sent')}</Notice> : null}
          </StatusRegion>
          {latest.status === 'loading' ? <InlineLoader aria-label={t('app.loading')} /> : null}
          {latest.status === 'failed' ? (
            <>
              <FormAlert>{t('auth.notValidated.loadFailed')}</FormAlert>
              <Actions>
                <Button variant="secondary" onPress={() => reload()}>
                  {t('auth.notValidated.retry')}
                </Button>
              </Actions>
            </>
          ) : null}
          {latest.status === 'ready' ? <RequestStatus request={request} /> : null}
          {canRequest ? (
            <>
              {form.formError ? <FormAlert ref={form.alertRef}>{form.formError}</FormAlert> : null}
              <AuthForm
                ref={form.formRef}
                onSubmit={form.onSubmit}
                aria-label={t('auth.notValidated.formLabel')}
              >
                <TextField
                  {...form.field('description')}
                  label={t('auth.notValidated.description')}
                  description={t('auth.notValidated.descriptionHint')}
                  multiline
                  isRequired
                />
                <div>
                  <SubmitButton
                    pending={form.pending}
                    label={t('auth.notValidated.submit')}
                    pendingLabel={t('auth.notValidated.pending')}
                  />
                </div>
              </AuthForm>
            </>
          ) : null}
        </section>
      ) : (
        <p>{t('auth.notValidated.contact')}</p>
      )}
      <Actions>
        <Button variant="secondary" onPress={() => void signOut()}>
          {t('auth.signOut')}
        </Button>
      </Actions>
    </AuthPage>
  );
}

function RequestStatus({ request }: { request: ValidationRequest | null }) {
  const t = useT<typeof en>();
  const intl = useIntl();
  if (!request) return <p>{t('auth.notValidated.none')}</p>;
  const date = intl.formatDate(request.attributes.createdAt, { dateStyle: 'long' });
  const { status, refuseReason } = request.attributes;
  if (status === 'pending') {
    return (
      <Notice>
        <p>{t('auth.notValidated.pendingStatus', { date })}</p>
      </Notice>
    );
  }
  if (status === 'accepted') {
    return (
      <Notice tone="success">
        <p>{t('auth.notValidated.accepted')}</p>
      </Notice>
    );
  }
  return (
    <Notice tone="warning">
      <p>{t('auth.notValidated.refused', { date })}</p>
      {refuseReason ? <p>{t('auth.notValidated.refuseReason', { reason: refuseReason })}</p> : null}
      <p>{t('auth.notValidated.refusedNext')}</p>
    </Notice>
  );
}
