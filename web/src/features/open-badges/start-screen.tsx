import { useState } from 'react';
import styled from 'styled-components';
import { useParams } from 'wouter';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { ActionRow, PageContainer } from '../../kit/ui/page-container.tsx';
import { trainingPath } from './paths.ts';
import { readBadge, readIssuer, requestSession } from './sessions-api.ts';
import { ModuleList, Paragraphs, useActionErrorText, useOpenBadgesT } from './training-ui.tsx';
import { useRefusedRead } from '../../kit/routing/refused-read.ts';

const Presentation = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 1.5rem;
  align-items: flex-start;
  img {
    max-width: min(12rem, 100%);
    height: auto;
  }
  > div {
    flex: 1 1 16rem;
    min-width: 0;
  }
`;

/** the kit's, where this feature's screens have always found it */
export { useRefusedRead };

/**
 * /open-badge-trainings/start/{issuer}/{badge} (issue 20, a verified e-mail needed): the badge the member may
 * train for with this issuer (its title, image, description and modules), and the request of a training
 * session; once the issuer has it, the session's page follows it.
 */
export function TrainingStartScreen() {
  const { issuer = '', badge = '' } = useParams<{ issuer: string; badge: string }>();
  const t = useOpenBadgesT();
  const api = useApi();
  const { navigate } = useNavigation();
  const errorText = useActionErrorText();
  const { state, retry } = useLoaded(
    (signal) =>
      Promise.all([readBadge(api, badge, signal), readIssuer(api, issuer, signal)]).then(
        ([badgeView, issuerView]) => ({ badge: badgeView, issuer: issuerView }),
      ),
    [api, badge, issuer],
  );
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = state.status === 'ready' ? state.value : null;
  usePageTitle(loaded ? t('openBadges.start.title', { badge: loaded.badge.title }) : null);
  const refused = useRefusedRead(state.status === 'failed' ? state.error : null);

  if (state.status === 'failed' && !refused)
    return (
      <PageContainer>
        <NoticeBox $tone="error" role="alert">
          <p>{t('openBadges.start.loadFailed')}</p>
        </NoticeBox>
        <Button variant="secondary" onPress={retry}>
          {t('openBadges.retry')}
        </Button>
      </PageContainer>
    );
  if (!loaded) return <InlineLoader aria-label={t('openBadges.start.loading')} />;

  const request = () => {
    setSending(true);
    setFailure(null);
    requestSession(api, { badgeId: loaded.badge.id, issuerId: loaded.issuer.id }).then(
      ({ id, position }) => navigate(trainingPath(id, position)),
      (error: unknown) => {
        setSending(false);
        setFailure(errorText(error));
      },
    );
  };

  return (
    <PageContainer>
      <h1>{t('openBadges.start.title', { badge: loaded.badge.title })}</h1>
      <Presentation>
        {loaded.badge.image?.src ? (
          <img
            src={loaded.badge.image.src}
            alt={loaded.badge.image.description ?? ''}
            width={loaded.badge.image.width ?? undefined}
            height={loaded.badge.image.height ?? undefined}
          />
        ) : null}
        <div>
          <p>{t('openBadges.issuer', { issuer: loaded.issuer.name })}</p>
          {loaded.badge.version ? <p>{t('openBadges.version', { version: loaded.badge.version })}</p> : null}
          <p>
            {loaded.badge.validityDuration === null
              ? t('openBadges.validity.never')
              : t('openBadges.validity.days', { days: loaded.badge.validityDuration })}
          </p>
          <Paragraphs text={loaded.badge.description} />
        </div>
      </Presentation>
      <h2 id="badge-modules">{t('openBadges.modules')}</h2>
      {loaded.badge.modules.length ? (
        <ModuleList modules={loaded.badge.modules} label={t('openBadges.modules')} />
      ) : (
        <p>{t('openBadges.start.noModules')}</p>
      )}
      <p>{t('openBadges.start.explain', { issuer: loaded.issuer.name })}</p>
      {failure ? (
        <NoticeBox $tone="error" role="alert">
          <p>{failure}</p>
        </NoticeBox>
      ) : null}
      <ActionRow>
        <Button onPress={request} isDisabled={sending}>
          {t('openBadges.start.request')}
        </Button>
      </ActionRow>
      <div role="status">{sending ? <InlineLoader aria-label={t('openBadges.start.sending')} /> : null}</div>
    </PageContainer>
  );
}
