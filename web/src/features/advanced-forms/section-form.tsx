import type { FormAnswer, FormAnswers, FormSection } from '@platform/contracts/forms/rules';
import { useId, type Ref } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { useT } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import type { FieldProblem, FieldProblems } from './answers.ts';
import { AnswerField } from './answer-field.tsx';
import { FormProgress, usePageName } from './form-progress.tsx';
import type { FormNotice } from './form.machine.ts';
import type en from './messages/en.json';

type Messages = typeof en;

const Heading = styled.div`
  margin-bottom: 1.25rem;
  .description {
    white-space: pre-line;
    margin: 0 0 0.5rem;
  }
  .hint {
    color: ${({ theme }) => theme.colors.textMuted};
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 0.5rem;
`;

/** What is wrong with an answer, in the reader's language (the rules' reason, with its limits). */
export function useProblemText() {
  const t = useT<Messages>();
  return (problem: FieldProblem): string => {
    const { min, max } = problem.limits ?? {};
    if (problem.reason === 'range') {
      if (min !== undefined && max !== undefined) return t('advancedForms.problem.range', { min, max });
      if (min !== undefined) return t('advancedForms.problem.rangeMin', { min });
      return t('advancedForms.problem.rangeMax', { max: max ?? 0 });
    }
    return t(`advancedForms.problem.${problem.reason}`, max !== undefined ? { max } : undefined);
  };
}

export interface SectionFormProps {
  sections: readonly FormSection[];
  page: number;
  answers: FormAnswers;
  problems: FieldProblems;
  notice: FormNotice | null;
  /** 'saving' while the page is kept, 'sending' while the response is sent, else null */
  pending: 'saving' | 'sending' | null;
  headingRef: Ref<HTMLHeadingElement>;
  alertRef: Ref<HTMLDivElement>;
  onEdit: (fieldId: string, value: FormAnswer) => void;
  onNext: () => void;
  onBack: () => void;
}

/**
 * One page of the form: where it stands among the pages, its title and words, its questions, what went wrong, and
 * Back / Next (Send on the last page). Enter in a text field presses Next, as the form's submit.
 */
export function SectionForm(props: SectionFormProps) {
  const { sections, page, answers, problems, notice, pending } = props;
  const t = useT<Messages>();
  const pageName = usePageName();
  const problemText = useProblemText();
  const headingId = useId();
  const section = sections[page]!;
  const last = page === sections.length - 1;
  const anyRequired = section.fields.some((field) => field.required);

  return (
    <>
      <FormProgress sections={sections} page={page} />
      <Heading>
        <h2 id={headingId} ref={props.headingRef} tabIndex={-1}>
          {pageName(section, page)}
        </h2>
        {section.description ? <p className="description">{section.description}</p> : null}
        {anyRequired ? <p className="hint">{t('advancedForms.requiredHint')}</p> : null}
      </Heading>
      <Form
        validationBehavior="aria"
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          props.onNext();
        }}
      >
        {section.fields.map((field) => {
          const problem = problems[field.id];
          return (
            <div key={field.id} data-field={field.id}>
              <AnswerField
                field={field}
                value={answers[field.id]}
                problem={problem ? problemText(problem) : undefined}
                onChange={(value) => props.onEdit(field.id, value)}
              />
            </div>
          );
        })}
        {notice ? (
          <NoticeBox ref={props.alertRef} role="alert" tabIndex={-1} $tone="error" data-notice>
            <p>{t(`advancedForms.notice.${notice}`)}</p>
          </NoticeBox>
        ) : null}
        <Actions>
          {page > 0 ? (
            <Button variant="secondary" isDisabled={pending !== null} onPress={props.onBack}>
              {t('advancedForms.back')}
            </Button>
          ) : null}
          <Button type="submit" isPending={pending !== null}>
            {pending === 'saving'
              ? t('advancedForms.saving')
              : pending === 'sending'
                ? t('advancedForms.sending')
                : last
                  ? t('advancedForms.send')
                  : t('advancedForms.next')}
          </Button>
        </Actions>
      </Form>
    </>
  );
}
