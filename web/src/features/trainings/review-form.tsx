import {
  OBJECTIVES_WITH_RECIPIENTS,
  REVIEW_RATING,
  TRAINING_REVIEW_OBJECTIVES,
  type TrainingReviewObjective,
} from '@platform/contracts/trainings/records';
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { uploadFile, uploadRefusal } from '../../kit/api/files.ts';
import { fieldOfPointer, formErrorsOf, type FieldErrors } from '../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { FileDrop, type ShownFile } from '../../kit/ui/file-drop.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { NumberField } from '../../kit/ui/number-field.tsx';
import { RadioGroup } from '../../kit/ui/radio-group.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { writeReview } from './trainings-api.ts';
import { useTrainingsT } from './trainings-ui.tsx';

const COMMENT_MAX_LENGTH = 20_000;
const OBJECTIVE_COMMENT_MAX_LENGTH = 5000;
/** the fields a refusal's pointer may name; anything else goes above the form */
const FIELDS = ['objective', 'objectiveComment', 'recipientsCount', 'reviewRating', 'reviewComment', 'file'];
/** what a review's file may be (contracts: the review's `file` field) */
const REVIEW_FILE_FAMILIES = ['doc', 'image', 'video', 'audio'] as const;

const Root = styled(Form)`
  max-width: 40rem;
`;

/** Whether an objective says how many people the resource served (seed 001 §5). */
export const takesRecipients = (objective: string | null): boolean =>
  objective !== null && OBJECTIVES_WITH_RECIPIENTS.includes(objective as TrainingReviewObjective);

/**
 * A member's review of a training resource they used (seed 001 §3, §5): the objective, the rating, a comment, and
 * for a project, an integration or another objective the number of people it served (asked for those only, and
 * required then). A refusal shows on its field (422) or above the form; once the review is written, `onReviewed`
 * reads the resource again at the write's position, so that its average and count include it.
 */
export function ReviewForm({
  resourceId,
  title,
  onReviewed,
}: {
  resourceId: string;
  title: string;
  onReviewed: (position?: string) => Promise<void>;
}) {
  const t = useTrainingsT();
  const api = useApi();
  const lookup = useMessageLookup();
  const [objective, setObjective] = useState<string | null>(null);
  const [objectiveComment, setObjectiveComment] = useState('');
  const [recipients, setRecipients] = useState<number>(Number.NaN);
  const [rating, setRating] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [file, setFile] = useState<{ id: string; shown: ShownFile } | null>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const withRecipients = takesRecipients(objective);

  // a refused review: the focus goes to the first field to fix, or to the message above the form
  useEffect(() => {
    if (attempt === 0) return;
    const first = form.current?.querySelector<HTMLElement>(
      '[data-invalid] input:not([type="hidden"]), [data-invalid] textarea, [role="alert"]',
    );
    first?.focus();
  }, [attempt]);

  const required = (): FieldErrors => {
    const missing: FieldErrors = {};
    if (!objective) missing.objective = t('trainings.review.objectiveRequired');
    if (withRecipients && !(recipients >= 1))
      missing.recipientsCount = t('trainings.review.recipientsRequired');
    if (!rating) missing.reviewRating = t('trainings.review.ratingRequired');
    return missing;
  };

  // a file is uploaded as soon as it is picked or dropped, with its progress; the review names it when sent
  const pick = (picked: File) => {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setErrors(({ file: _file, ...rest }) => rest);
    setProgress({ name: picked.name, percent: 0 });
    uploadFile(api, picked, {
      families: REVIEW_FILE_FAMILIES,
      signal: controller.signal,
      onProgress: (sentBytes, total) =>
        total > 0 &&
        setProgress({ name: picked.name, percent: Math.min(100, Math.round((sentBytes / total) * 100)) }),
    }).then(
      (record) => {
        setProgress(null);
        setFile({
          id: record.id,
          shown: { name: record.attributes.name, previewUrl: null, width: null, height: null },
        });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setProgress(null);
        const refusal = uploadRefusal(failure);
        setErrors((e) => ({
          ...e,
          file: refusal
            ? t(`trainings.review.file.refused.${refusal}`, { name: picked.name })
            : t('trainings.review.file.failed', { name: picked.name }),
        }));
      },
    );
  };

  const submit = async () => {
    if (sending || progress) return;
    setSent(false);
    const missing = required();
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      const written = await writeReview(api, resourceId, {
        objective: objective as TrainingReviewObjective,
        objectiveComment: objectiveComment.trim() || null,
        recipientsCount: withRecipients ? recipients : null,
        reviewRating: Number(rating),
        reviewComment: comment.trim() || null,
        file: file?.id ?? null,
      });
      await onReviewed(written.position);
      setObjective(null);
      setObjectiveComment('');
      setRecipients(Number.NaN);
      setRating(null);
      setComment('');
      setFile(null);
      setSent(true);
    } catch (error) {
      const found = formErrorsOf(error, lookup, (pointer) => {
        const field = fieldOfPointer(pointer);
        return field && FIELDS.includes(field) ? field : '_form';
      });
      setErrors(found ?? { _form: t('trainings.review.failed') });
      setAttempt((n) => n + 1);
    } finally {
      setSending(false);
    }
  };

  return (
    <Root
      ref={form}
      validationBehavior="aria"
      aria-label={t('trainings.review.formOf', { title })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {sent ? (
        <div role="status">
          <NoticeBox $tone="success">{t('trainings.review.thanks')}</NoticeBox>
        </div>
      ) : null}
      {errors._form ? (
        <div role="alert" tabIndex={-1}>
          <NoticeBox $tone="error">{errors._form}</NoticeBox>
        </div>
      ) : null}
      <RadioGroup
        label={t('trainings.review.objective')}
        options={TRAINING_REVIEW_OBJECTIVES.map((id) => ({ id, label: t(`trainings.objective.${id}`) }))}
        value={objective}
        onChange={(value) => {
          setObjective(value);
          setErrors(({ objective: _objective, recipientsCount: _recipients, ...rest }) => rest);
        }}
        errorMessage={errors.objective}
      />
      <TextField
        label={t('trainings.review.objectiveComment')}
        description={t('trainings.review.objectiveCommentHelp')}
        multiline
        value={objectiveComment}
        onChange={setObjectiveComment}
        maxLength={OBJECTIVE_COMMENT_MAX_LENGTH}
        errorMessage={errors.objectiveComment}
      />
      {withRecipients ? (
        <NumberField
          label={t('trainings.review.recipientsCount')}
          description={t('trainings.review.recipientsHelp')}
          isRequired
          minValue={1}
          step={1}
          value={recipients}
          onChange={setRecipients}
          decrementLabel={t('trainings.review.fewer')}
          incrementLabel={t('trainings.review.more')}
          errorMessage={errors.recipientsCount}
        />
      ) : null}
      <RadioGroup
        label={t('trainings.review.rating')}
        options={Array.from({ length: REVIEW_RATING.max - REVIEW_RATING.min + 1 }, (_, i) => {
          const stars = REVIEW_RATING.min + i;
          return { id: String(stars), label: t('trainings.review.stars', { count: stars }) };
        })}
        value={rating}
        onChange={setRating}
        errorMessage={errors.reviewRating}
      />
      <TextField
        label={t('trainings.review.comment')}
        multiline
        value={comment}
        onChange={setComment}
        maxLength={COMMENT_MAX_LENGTH}
        errorMessage={errors.reviewComment}
      />
      <FileDrop
        label={t('trainings.review.file')}
        description={t('trainings.review.fileHelp')}
        {...(errors.file ? { errorMessage: errors.file } : {})}
        file={file?.shown ?? null}
        progress={progress}
        onPick={pick}
        onRemove={() => setFile(null)}
        texts={{
          drop: t('trainings.review.file.drop'),
          choose: t('trainings.review.file.choose'),
          remove: t('trainings.review.file.remove'),
          uploading: (name) => t('trainings.review.file.uploading', { name }),
          preview: (name) => t('trainings.review.file.preview', { name }),
          none: t('trainings.review.file.none'),
        }}
      />
      <Button type="submit" isDisabled={sending || progress !== null}>
        {t('trainings.review.send')}
      </Button>
    </Root>
  );
}
