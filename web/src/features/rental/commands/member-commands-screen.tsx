import { useApi } from '../../../kit/api/api-context.tsx';
import { InlineLoader } from '../../../kit/loading/chrome.tsx';
import { useLoaded } from '../../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../../kit/routing/page-title.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { Link } from '../../../kit/ui/link.tsx';
import { NoticeBox } from '../../../kit/ui/notice-box.ts';
import { PageContainer } from '../../../kit/ui/page-container.tsx';
import styled from 'styled-components';
import { useRentalModels } from '../use-rental-models.ts';
import { readCommands } from './commands-api.ts';
import {
  AlertList,
  FlagList,
  modelName,
  StatusBadge,
  useCommandsT,
  usePeriodText,
  useRefusedRead,
} from './commands-ui.tsx';
import { memberCommandPath } from './paths.ts';

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  > li {
    padding: 1rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  h2 {
    font-size: 1.125rem;
    margin: 0 0 0.5rem;
    overflow-wrap: anywhere;
  }
  .line {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    align-items: center;
    overflow-wrap: anywhere;
  }
`;

/**
 * /services/rentals/commands (issue 19): the member's rental commands, newest first (the API's order): each with
 * its period, its models, its derived status (colour and words), its flags and its alerts with their deadlines.
 */
export function MemberCommandsScreen() {
  const t = useCommandsT();
  const api = useApi();
  const period = usePeriodText();
  usePageTitle(t('rental.commands.title'));
  const { state, retry } = useLoaded((signal) => readCommands(api, {}, { signal }), [api]);
  const commands = state.status === 'ready' ? state.value.commands : [];
  const models = useRentalModels([
    ...new Set(commands.flatMap((c) => c.amounts.lines.map((l) => l.modelId))),
  ]);
  const refused = useRefusedRead(state.status === 'failed' ? state.error : null);
  return (
    <PageContainer>
      <h1>{t('rental.commands.title')}</h1>
      {state.status === 'loading' || refused ? (
        <InlineLoader aria-label={t('rental.commands.loading')} />
      ) : state.status === 'failed' ? (
        <NoticeBox $tone="error" role="alert">
          <p>{t('rental.commands.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={retry}>
              {t('rental.commands.retry')}
            </Button>
          </p>
        </NoticeBox>
      ) : commands.length === 0 ? (
        <p>{t('rental.commands.empty')}</p>
      ) : (
        <Cards>
          {commands.map((command) => (
            <li key={command.id}>
              <h2>
                <Link href={memberCommandPath(command.id)}>{period(command)}</Link>
              </h2>
              <div className="line">
                <StatusBadge command={command} />
                <span>
                  {command.amounts.lines
                    .map((line) =>
                      t('rental.commands.amount.line', {
                        quantity: line.quantity,
                        model: modelName(models.byId, line.modelId),
                      }),
                    )
                    .join(', ')}
                </span>
              </div>
              <FlagList command={command} />
              <AlertList alerts={command.alerts} />
            </li>
          ))}
        </Cards>
      )}
    </PageContainer>
  );
}
