import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { surveyAvailability, surveyChoicesLimit } from '@platform/contracts/surveys/rules';
import { useApi } from '../../kit/api/api-context.tsx';
import { formErrorsOf } from '../../kit/api/field-errors.ts';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { useLoadedAt } from '../../kit/loading/use-loaded.ts';
import { useSession } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { CheckboxGroup } from '../../kit/ui/checkbox-group.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { RadioGroup } from '../../kit/ui/radio-group.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { signInHref } from '../accounts/index.ts';
import type en from './messages/en.json';
import { answerSurvey, readSurvey, type Survey, type SurveyResults } from './surveys-api.ts';

type Messages = typeof en;
type Translate = ReturnType<typeof useT<Messages>>;

const Results = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0 0 1rem;
  display: grid;
  gap: 0.75rem;
  li {
    overflow-wrap: anywhere;
  }
  .bar {
    height: 0.5rem;
    border-radius: 0.25rem;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border: 1px solid ${({ theme }) => theme.colors.border};
    overflow: hidden;
  }
  .fill {
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
  .mine {
    font-weight: 700;
  }
`;

const Notice = styled.p`
  color: ${({ theme }) => theme.colors.text};
  border-left: 4px solid ${({ theme }) => theme.colors.info};
  padding-left: 0.75rem;
`;

/** Why the survey cannot be answered now, or null when it can. */
function useClosedReason(survey: Survey, t: Translate): string | null {
  const intl = useIntl();
  const availability = surveyAvailability(survey.attributes, new Date());
  if (availability.open) return null;
  const date = (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: 'long', timeStyle: 'short' }) : '';
  return availability.reason === 'notYetOpen'
    ? t('surveys.notYetOpen', { date: date(survey.attributes.openAt) })
    : t('surveys.closed', { date: date(survey.attributes.closeAt) });
}

function ResultList({ results, t }: { results: SurveyResults; t: Translate }) {
  const intl = useIntl();
  const mine = new Set(results.myAnswer?.choices ?? []);
  const total = results.answersCount;
  return (
    <>
      <p>{total ? t('surveys.answersCount', { count: total }) : t('surveys.noAnswers')}</p>
      <Results aria-label={t('surveys.results')}>
        {results.choices.map((choice) => {
          const share = total ? choice.answersCount / total : 0;
          return (
            <li key={choice.id} className={mine.has(choice.id) ? 'mine' : undefined}>
              <span>
                {choice.text}
                {' — '}
                {t('surveys.choiceCount', {
                  count: choice.answersCount,
                  share: intl.formatNumber(share, { style: 'percent' }),
                })}
                {mine.has(choice.id) ? ` (${t('surveys.yourAnswer')})` : ''}
              </span>
              <div className="bar" aria-hidden="true">
                <div className="fill" style={{ width: `${Math.round(share * 100)}%` }} />
              </div>
            </li>
          );
        })}
      </Results>
    </>
  );
}

function AnswerForm({
  survey,
  results,
  onAnswered,
  t,
}: {
  survey: Survey;
  results: SurveyResults;
  onAnswered: (position: string) => Promise<void>;
  t: Translate;
}) {
  const api = useApi();
  const { allowMultiple, allowNewChoice } = survey.attributes;
  const limit = surveyChoicesLimit(survey.attributes);
  const [picked, setPicked] = useState<string[]>([]);
  const [newChoice, setNewChoice] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const lookup = useMessageLookup();
  const options = results.choices.map((c) => ({ id: c.id, label: c.text }));
  const own = newChoice.trim();
  const count = picked.length + (own ? 1 : 0);

  async function submit() {
    if (count === 0) return setErrors({ choices: t('surveys.pickOne') });
    if (count > limit) return setErrors({ choices: t('surveys.tooMany', { limit }) });
    setSending(true);
    try {
      const position = await answerSurvey(api, survey.id, { choices: picked, newChoice: own || null });
      setErrors({});
      await onAnswered(position);
    } catch (error) {
      const found = formErrorsOf(error, lookup, (pointer) =>
        pointer?.startsWith('/data/attributes/newChoice')
          ? 'newChoice'
          : pointer?.startsWith('/data/relationships/choices')
            ? 'choices'
            : '_form',
      );
      setErrors(found ?? { _form: t('surveys.failed') });
    } finally {
      setSending(false);
    }
  }

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {allowMultiple ? (
        <CheckboxGroup
          label={survey.attributes.question}
          description={t('surveys.upTo', { limit })}
          options={options}
          value={picked}
          onChange={setPicked}
          errorMessage={errors.choices}
        />
      ) : (
        <RadioGroup
          label={survey.attributes.question}
          options={options}
          value={picked[0] ?? null}
          onChange={(value) => setPicked(value ? [value] : [])}
          errorMessage={errors.choices}
        />
      )}
      {allowNewChoice ? (
        <TextField
          label={t('surveys.newChoice')}
          value={newChoice}
          onChange={setNewChoice}
          maxLength={255}
          errorMessage={errors.newChoice}
        />
      ) : null}
      {errors._form ? <Notice role="alert">{errors._form}</Notice> : null}
      <Button type="submit" isDisabled={sending}>
        {t('surveys.submit')}
      </Button>
    </Form>
  );
}

/**
 * A survey (seed 000 §2.8 survey block, seed 001 §3–§5): its question with a radio group (one answer) or a checkbox
 * group (several, up to maxSelectedChoices), a choice of the reader's own where allowed; once answered, or outside
 * openAt–closeAt (with why), the results with the reader's own answer marked.
 */
export function SurveyPanel({ surveyId }: { surveyId: string }) {
  const t = useT<Messages>();
  const api = useApi();
  const session = useSession();
  const [path] = useLocation();
  const search = useSearch();
  const { state, reloadAndWait, reload } = useLoadedAt(
    ({ signal, minPosition }) => readSurvey(api, surveyId, minPosition, signal),
    [api, surveyId, session.user?.id],
    { keep: true },
  );
  if (state.status === 'loading') return <p role="status">{t('surveys.loading')}</p>;
  if (state.status === 'failed')
    return (
      <>
        <p>{t('surveys.loadFailed')}</p>
        <Button variant="secondary" onPress={() => reload()}>
          {t('surveys.retry')}
        </Button>
      </>
    );
  return (
    <SurveyBody
      {...state.value}
      onAnswered={reloadAndWait}
      signIn={signInHref(path, search)}
      t={t}
      signedIn={Boolean(session.user)}
    />
  );
}

function SurveyBody({
  survey,
  results,
  onAnswered,
  signIn,
  signedIn,
  t,
}: {
  survey: Survey;
  results: SurveyResults;
  onAnswered: (position: string) => Promise<void>;
  signIn: string;
  signedIn: boolean;
  t: Translate;
}) {
  const closed = useClosedReason(survey, t);
  const needsSignIn = (survey.attributes.requireAuth || survey.attributes.onePerOrganization) && !signedIn;
  const answered = results.myAnswer !== null || results.organizationAnswered;
  if (!closed && !answered && !needsSignIn)
    return <AnswerForm survey={survey} results={results} onAnswered={onAnswered} t={t} />;
  return (
    <div>
      <p>
        <strong>{survey.attributes.question}</strong>
      </p>
      {closed ? <Notice>{closed}</Notice> : null}
      {!closed && results.myAnswer ? <Notice role="status">{t('surveys.thanks')}</Notice> : null}
      {!closed && !results.myAnswer && results.organizationAnswered ? (
        <Notice>{t('surveys.organizationAnswered')}</Notice>
      ) : null}
      {!closed && needsSignIn ? (
        <>
          <Notice>{t('surveys.signInIntro')}</Notice>
          <ButtonLink href={signIn}>{t('surveys.signIn')}</ButtonLink>
        </>
      ) : null}
      <ResultList results={results} t={t} />
    </div>
  );
}
