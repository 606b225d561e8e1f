import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useT } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import type { FormNotice } from './form.machine.ts';
import type { AdvancedForm } from './forms-api.ts';
import type en from './messages/en.json';

type Messages = typeof en;

const Intro = styled.div`
  margin-bottom: 1.5rem;
  .description {
    white-space: pre-line;
    font-size: 1.125rem;
  }
  .facts {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface FormIntroProps {
  form: AdvancedForm;
  notice: FormNotice | null;
  /** Start was pressed: the captcha is being solved, or the response started */
  pending: boolean;
  alertRef: Ref<HTMLDivElement>;
  onStart: () => void;
}

/**
 * What the form is for, and whether it takes answers: Start when it is open (the captcha solved in the background
 * meanwhile), the day it opens when it is not open yet, or that it is closed.
 */
export function FormIntro({ form, notice, pending, alertRef, onStart }: FormIntroProps) {
  const t = useT<Messages>();
  const intl = useIntl();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'long', timeStyle: 'short' });
  const open = form.state === 'open';
  const pages = form.sections.length;
  return (
    <Intro>
      {form.description ? <p className="description">{form.description}</p> : null}
      {open && pages > 0 ? (
        <p className="facts">
          {t('advancedForms.intro.pages', { count: pages })}
          {form.closeAt ? ` ${t('advancedForms.intro.openUntil', { date: date(form.closeAt) })}` : null}
        </p>
      ) : null}
      {form.state === 'notYetOpen' ? (
        <NoticeBox $tone="info">
          <p>
            {form.openAt
              ? t('advancedForms.intro.notYetOpen', { date: date(form.openAt) })
              : t('advancedForms.intro.notYetOpenSoon')}
          </p>
        </NoticeBox>
      ) : null}
      {form.state === 'closed' ? (
        <NoticeBox $tone="info">
          <p>{t('advancedForms.intro.closed')}</p>
        </NoticeBox>
      ) : null}
      {open && pages === 0 ? (
        <NoticeBox $tone="info">
          <p>{t('advancedForms.intro.empty')}</p>
        </NoticeBox>
      ) : null}
      {notice ? (
        <NoticeBox ref={alertRef} role="alert" tabIndex={-1} $tone="error">
          <p>{t(`advancedForms.notice.${notice}`)}</p>
        </NoticeBox>
      ) : null}
      {open && pages > 0 ? (
        <Button isPending={pending} onPress={onStart}>
          {pending ? t('advancedForms.intro.starting') : t('advancedForms.intro.start')}
        </Button>
      ) : null}
    </Intro>
  );
}
