import { forwardRef } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { NoticeBox, type NoticeTone } from '../../../kit/ui/notice-box.ts';
import { PageContainer } from '../../../kit/ui/page-container.tsx';
import { VisuallyHidden } from '../../../kit/ui/visually-hidden.tsx';

export const NarrowPage = styled(PageContainer)`
  max-width: 34rem;
`;

/** react-aria validation on aria attributes (no native bubbles): the messages set here are the ones shown. */
export const CodeForm = styled(Form).attrs({ validationBehavior: 'aria' })`
  display: flex;
  flex-direction: column;
  margin-top: 1rem;
`;

export type Tone = NoticeTone;

/**
 * A boxed message. `alert`: announced at once (errors, lockout, expiry); it can take focus by script
 * (tabIndex -1) when the form it replaces is gone.
 */
export const Notice = forwardRef<HTMLDivElement, { tone?: Tone; alert?: boolean; children: React.ReactNode }>(
  function Notice({ tone = 'info', alert = false, children }, ref) {
    return (
      <NoticeBox ref={ref} $tone={tone} tabIndex={-1} {...(alert ? { role: 'alert' } : {})}>
        {children}
      </NoticeBox>
    );
  },
);

/** A polite live region that stays in the page, so that what is put into it later is announced. */
export function StatusMessage({ children }: { children: React.ReactNode }) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {children}
    </VisuallyHidden>
  );
}

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  margin-top: 0.5rem;
`;

export const Secondary = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.25rem;
  margin-top: 1.5rem;
`;
