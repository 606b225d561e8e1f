import { useActorRef, useSelector } from '@xstate/react';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { endpoints } from '../../kit/api/endpoints.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { environmentWatchMachine } from '../../kit/machines/environment-watch.machine.ts';
import { environmentRevisionAtom } from '../../kit/state/app-status.ts';
import { broadcast, onBroadcast } from '../../kit/state/broadcast.ts';
import { Button } from '../../kit/ui/button.tsx';

const Banner = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  flex-wrap: wrap;
  gap: 0.75rem;
  min-height: ${({ theme }) => theme.layout.alertRowHeight}px;
  padding: 0.25rem 1rem;
  background: ${({ theme }) => theme.colors.info};
  color: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.background : '#fff')};
  p {
    margin: 0;
  }
  button {
    color: inherit;
    border-color: currentColor;
  }
`;

/** "The site was updated" with a refresh action (seed 000 §2.9), driven by environment-watch.machine.ts. */
export function EnvironmentBanner() {
  const t = useT();
  const api = useApi();
  const bootRevision = useAtomValue(environmentRevisionAtom);
  const actor = useActorRef(
    environmentWatchMachine.provide({
      actors: {
        fetchRevision: fromPromise(
          async ({ signal }) => (await endpoints.environment(api, signal)).meta.revision,
        ),
      },
      actions: {
        announce: (_, { revision }) => broadcast({ type: 'environment-updated', revision }),
        reload: () => window.location.reload(),
      },
    }),
    { input: { revision: bootRevision } },
  );
  const visible = useSelector(actor, (s) => s.hasTag('banner'));
  // a revision this tab wrote itself (state/environment-saved.ts) is its own: no banner for it
  useEffect(() => {
    if (bootRevision !== null) actor.send({ type: 'revision.adopted', revision: bootRevision });
  }, [actor, bootRevision]);

  useEffect(() => {
    const onFocus = () => actor.send({ type: 'window.focused' });
    window.addEventListener('focus', onFocus);
    const stop = onBroadcast((m) => {
      if (m.type === 'environment-updated') actor.send({ type: 'broadcast.updated', revision: m.revision });
    });
    return () => {
      window.removeEventListener('focus', onFocus);
      stop();
    };
  }, [actor]);

  return (
    <div role="status">
      {visible ? (
        <Banner>
          <p>{t('environment.updated')}</p>
          <Button variant="secondary" size="small" onPress={() => actor.send({ type: 'user.refresh' })}>
            {t('environment.refresh')}
          </Button>
        </Banner>
      ) : null}
    </div>
  );
}
