import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { serverMessageId } from '../../kit/api/field-errors.ts';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { Link } from '../../kit/ui/link.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';
import type { Problem, Problems } from './checkout-problems.ts';
import { CHECKOUT_STEPS, STEP_PATHS, type CheckoutStep } from './checkout-steps.ts';
import type en from './messages/en.json';

export type RentalMessages = typeof en;
export const useRentalT = () => useT<RentalMessages>();

/** Rental amounts are in euro cents (seed 001 §9). */
export const RENTAL_CURRENCY = 'EUR';

export function useFormatAmount() {
  const intl = useIntl();
  return useCallback(
    (cents: number) => intl.formatNumber(cents / 100, { style: 'currency', currency: RENTAL_CURRENCY }),
    [intl],
  );
}

/**
 * A problem in the reader's words: a rule's by its code (rental.problem.*), the server's by the translation
 * of its code when there is one (serverError.*), else the server's detail.
 */
export function useProblemText() {
  const t = useRentalT();
  const lookup = useMessageLookup();
  const { messages } = useIntl();
  return useCallback(
    (problem: Problem | undefined): string | undefined => {
      if (!problem) return undefined;
      if (problem.origin === 'server')
        return (problem.code ? lookup(serverMessageId(problem.code)) : undefined) ?? problem.detail;
      const id = problem.code.startsWith('failure.')
        ? 'rental.problem.failure'
        : `rental.problem.${problem.code}`;
      return Object.hasOwn(messages, id)
        ? t(id as keyof RentalMessages, { limit: problem.limit ?? 0 })
        : problem.detail;
    },
    [t, lookup, messages],
  );
}

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;
  margin: 0 0 1.5rem;
  padding: 0;
  list-style: none;
  counter-reset: step;
  li {
    counter-increment: step;
    display: flex;
    align-items: center;
    gap: 0.5rem;
    color: ${({ theme }) => theme.colors.textMuted};
    &::before {
      content: counter(step);
      display: inline-flex;
      align-items: center;
      justify-content: center;
      width: 1.75rem;
      height: 1.75rem;
      border-radius: 50%;
      border: 2px solid currentColor;
      font-weight: 700;
    }
  }
  li[aria-current='step'] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
    &::before {
      background: ${({ theme }) => theme.colors.primary};
      border-color: ${({ theme }) => theme.colors.primary};
      color: ${({ theme }) => theme.colors.surface};
    }
  }
`;

/** Where the member is in the checkout: the earlier steps are links back, the current one is marked. */
export function StepIndicator({ current }: { current: CheckoutStep }) {
  const t = useRentalT();
  const at = CHECKOUT_STEPS.indexOf(current);
  return (
    <nav aria-label={t('rental.steps.label')}>
      <Steps>
        {CHECKOUT_STEPS.map((step, index) => (
          <li key={step} aria-current={step === current ? 'step' : undefined}>
            {index < at ? (
              <Link href={STEP_PATHS[step]}>{t(`rental.steps.${step}`)}</Link>
            ) : (
              t(`rental.steps.${step}`)
            )}
          </li>
        ))}
      </Steps>
    </nav>
  );
}

/**
 * The step's problems told at once to screen readers (each is also shown on its field), and the one that
 * belongs to no field shown above the form, unless the step shows it itself (`ownForm`: the summary, with its
 * retry button).
 */
export function StepProblems({ problems, ownForm = false }: { problems: Problems; ownForm?: boolean }) {
  const text = useProblemText();
  const t = useRentalT();
  const all = Object.values(problems)
    .map((p) => text(p))
    .filter(Boolean);
  return (
    <>
      <VisuallyHidden role="alert" aria-live="assertive">
        {all.length ? t('rental.problem.announce', { count: all.length, list: all.join(' ') }) : ''}
      </VisuallyHidden>
      {problems._form && !ownForm ? (
        <NoticeBox $tone="error">
          <p>{text(problems._form)}</p>
        </NoticeBox>
      ) : null}
    </>
  );
}

export const Lines = styled.ul`
  list-style: none;
  margin: 0 0 1.5rem;
  padding: 0;
  display: grid;
  gap: 1rem;
  > li {
    min-width: 0;
    padding: 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.5rem;
    background: ${({ theme }) => theme.colors.surface};
    overflow-wrap: anywhere;
  }
  h2,
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.125rem;
  }
  p {
    margin: 0 0 0.5rem;
  }
  .problem {
    color: ${({ theme }) => theme.colors.error};
    font-weight: 600;
  }
`;
