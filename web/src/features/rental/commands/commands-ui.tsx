import '@material-design-icons/font/filled.css';
import {
  RENTAL_COMMAND_DOCUMENTS,
  rentalCommandDocumentName,
  rentalCommandDocumentPath,
  rentalCommandSignedContractPath,
} from '@platform/contracts/rental/command';
import type { RentalColour } from '@platform/contracts/rental/steps';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useT } from '../../../kit/i18n/use-t.ts';
import { ButtonLink } from '../../../kit/ui/link.tsx';
import { useFormatAmount } from '../checkout-ui.tsx';
import type { RentalModel } from '../rental-api.ts';
import type { CommandAlert, CommandStep, RentalCommandView } from './commands-api.ts';
import type en from './messages/en.json';
import { useRefusedRead } from '../../../kit/routing/refused-read.ts';

export type CommandsMessages = typeof en;
export const useCommandsT = () => useT<CommandsMessages>();

/** The theme colour of a rental colour: secondary, warning, error, success or info are all palette colours. */
const tone = (colour: RentalColour) => colour;

/** The derived status: its colour as a border and a dot, its name as text (never the colour alone). */
const Badge = styled.span<{ $colour: RentalColour }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  padding: 0.125rem 0.625rem;
  border: 2px solid ${({ theme, $colour }) => theme.colors[tone($colour)]};
  border-radius: 1rem;
  font-weight: 600;
  white-space: nowrap;
  &::before {
    content: '';
    width: 0.625rem;
    height: 0.625rem;
    border-radius: 50%;
    background: ${({ theme, $colour }) => theme.colors[tone($colour)]};
  }
`;

export function StatusBadge({ command }: { command: Pick<RentalCommandView, 'status' | 'statusColour'> }) {
  const t = useCommandsT();
  return <Badge $colour={command.statusColour}>{t(`rental.commands.status.${command.status}`)}</Badge>;
}

export function usePeriodText() {
  const intl = useIntl();
  const t = useCommandsT();
  return (command: Pick<RentalCommandView, 'startAt' | 'endAt'>) =>
    t('rental.commands.period', {
      startAt: intl.formatDate(command.startAt, { dateStyle: 'medium', timeZone: 'UTC' }),
      endAt: intl.formatDate(command.endAt, { dateStyle: 'medium', timeZone: 'UTC' }),
    });
}

const Plain = styled.ul`
  list-style: none;
  margin: 0.25rem 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 0.5rem;
  li {
    overflow-wrap: anywhere;
  }
`;

/** The flags that are on, as short tags. */
export function FlagList({ command }: { command: Pick<RentalCommandView, 'flags'> }) {
  const t = useCommandsT();
  const on = Object.entries(command.flags)
    .filter(([, value]) => value)
    .map(([flag]) => flag);
  if (!on.length) return null;
  return (
    <Plain aria-label={t('rental.commands.flags')}>
      {on.map((flag) => (
        <li key={flag}>
          <Tag>{t(`rental.commands.flag.${flag}` as keyof CommandsMessages)}</Tag>
        </li>
      ))}
    </Plain>
  );
}

const Tag = styled.span`
  display: inline-block;
  padding: 0 0.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.25rem;
  font-size: 0.875rem;
`;

const Alerts = styled.ul`
  list-style: none;
  margin: 0.5rem 0 0;
  padding: 0;
  li {
    display: flex;
    gap: 0.375rem;
    align-items: flex-start;
    overflow-wrap: anywhere;
  }
  li[data-level='warning'] .material-icons {
    color: ${({ theme }) => theme.colors.warning};
  }
  li[data-level='info'] .material-icons {
    color: ${({ theme }) => theme.colors.info};
  }
`;

/** The alerts, each said in words with its deadline's date (seed 001 §4: 7 days for the contract and payment). */
export function AlertList({ alerts }: { alerts: CommandAlert[] }) {
  const t = useCommandsT();
  const intl = useIntl();
  if (!alerts.length) return null;
  return (
    <Alerts aria-label={t('rental.commands.alerts')}>
      {alerts.map((alert) => {
        const text = t(`rental.commands.alert.${alert.kind}` as keyof CommandsMessages);
        return (
          <li key={alert.kind} data-level={alert.level}>
            <span className="material-icons" aria-hidden="true">
              {alert.level === 'warning' ? 'warning' : 'info'}
            </span>
            <span>
              {alert.deadline
                ? t('rental.commands.alert.due', {
                    alert: text,
                    date: intl.formatDate(alert.deadline, {
                      dateStyle: 'long',
                      // a calendar date (the end date) is a day, not an instant
                      ...(alert.deadline.length === 10 ? { timeZone: 'UTC' } : {}),
                    }),
                  })
                : text}
            </span>
          </li>
        );
      })}
    </Alerts>
  );
}

const Steps = styled.ol`
  list-style: none;
  margin: 0 0 1.5rem;
  padding: 0;
  > li {
    display: grid;
    grid-template-columns: 2rem minmax(0, 1fr);
    gap: 0 0.5rem;
    padding: 0.5rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .material-icons {
    font-size: 1.75rem;
  }
  .what {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.75rem;
    align-items: baseline;
  }
  .name {
    font-weight: 700;
  }
  .more {
    grid-column: 2;
    overflow-wrap: anywhere;
  }
`;
const Icon = styled.span<{ $colour: RentalColour }>`
  color: ${({ theme, $colour }) => theme.colors[tone($colour)]};
`;

export function useStepDateText() {
  const t = useCommandsT();
  const intl = useIntl();
  return (step: CommandStep) =>
    step.date === null
      ? null
      : step.date.kind === 'done'
        ? t('rental.commands.stepDate.done', {
            date: intl.formatDate(step.date.at, { dateStyle: 'long' }),
          })
        : t(`rental.commands.stepDate.${step.date.kind}`);
}

/**
 * The command's steps in their order (hidden ones left out): the icon and colour of stepAppearance, the step's
 * name and status in words, its done date or the waiting/pending text, its comment; `extra` adds a step's own
 * controls (the desk's actions, the member's contract upload).
 */
export function StepList({
  steps,
  extra,
}: {
  steps: CommandStep[];
  extra?: (step: CommandStep) => React.ReactNode;
}) {
  const t = useCommandsT();
  const dateText = useStepDateText();
  return (
    <Steps aria-label={t('rental.commands.steps')}>
      {steps
        .filter((step) => step.status !== 'hidden')
        .map((step) => {
          const date = dateText(step);
          return (
            <li key={step.stepType} data-step={step.stepType} data-status={step.status}>
              <Icon className="material-icons" aria-hidden="true" $colour={step.colour}>
                {step.icon}
              </Icon>
              <div className="what">
                <span className="name">{t(`rental.commands.step.${step.stepType}`)}</span>
                <span>{t(`rental.commands.stepStatus.${step.status}`)}</span>
                {date ? <span>{date}</span> : null}
              </div>
              {step.comment ? <p className="more">{step.comment}</p> : null}
              {extra ? <div className="more">{extra(step)}</div> : null}
            </li>
          );
        })}
    </Steps>
  );
}

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: 1.5rem;
  caption {
    text-align: start;
    font-weight: 700;
    font-size: 1.25rem;
    padding-bottom: 0.5rem;
  }
  th,
  td {
    padding: 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
    overflow-wrap: anywhere;
  }
  td.amount {
    text-align: end;
    white-space: nowrap;
  }
`;

export function modelName(models: Record<string, RentalModel>, id: string) {
  return models[id]?.name ?? id;
}

/** The amounts in euros (cents in the command): each line, the shipping, the tax and the total. */
export function AmountsTable({
  command,
  models,
}: {
  command: Pick<RentalCommandView, 'amounts'>;
  models: Record<string, RentalModel>;
}) {
  const t = useCommandsT();
  const amount = useFormatAmount();
  const { amounts } = command;
  return (
    <Table>
      <caption>{t('rental.commands.amounts')}</caption>
      <tbody>
        {amounts.lines.map((line) => (
          <tr key={line.modelId}>
            <th scope="row">
              {t('rental.commands.amount.line', {
                quantity: line.quantity,
                model: modelName(models, line.modelId),
              })}
            </th>
            <td className="amount">{amount(line.exclTax)}</td>
          </tr>
        ))}
        {amounts.shipping > 0 ? (
          <tr>
            <th scope="row">{t('rental.commands.amount.shipping')}</th>
            <td className="amount">{amount(amounts.shipping)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">{t('rental.commands.amount.exclTax')}</th>
          <td className="amount">{amount(amounts.exclTax)}</td>
        </tr>
        <tr>
          <th scope="row">{t('rental.commands.amount.tax')}</th>
          <td className="amount">{amount(amounts.tax)}</td>
        </tr>
        <tr>
          <th scope="row">{t('rental.commands.amount.total')}</th>
          <td className="amount">
            <strong>{amount(amounts.total)}</strong>
          </td>
        </tr>
      </tbody>
    </Table>
  );
}

/** the kit's, where this feature's screens have always found it */
export { useRefusedRead };

const DocumentLinks = styled.ul`
  list-style: none;
  margin: 0.5rem 0 1rem;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

/**
 * The command's contract and invoice, made by the server as PDF, downloaded under the names it gives them; and the
 * signed contract once the member (or the desk for them) uploaded it.
 */
export function CommandDocuments({
  commandId,
  signedContract,
}: {
  commandId: string;
  signedContract: boolean;
}) {
  const t = useCommandsT();
  return (
    <section aria-labelledby="command-documents">
      <h2 id="command-documents">{t('rental.commands.documents')}</h2>
      <DocumentLinks>
        {RENTAL_COMMAND_DOCUMENTS.map((document) => (
          <li key={document}>
            <ButtonLink
              variant="secondary"
              size="small"
              href={rentalCommandDocumentPath(commandId, document)}
              download={rentalCommandDocumentName(commandId, document)}
            >
              {t(`rental.commands.document.${document}`)}
            </ButtonLink>
          </li>
        ))}
        {signedContract ? (
          <li>
            <ButtonLink variant="secondary" size="small" href={rentalCommandSignedContractPath(commandId)}>
              {t('rental.commands.document.signedContract')}
            </ButtonLink>
          </li>
        ) : null}
      </DocumentLinks>
    </section>
  );
}
