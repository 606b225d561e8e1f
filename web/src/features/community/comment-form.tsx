import { useState } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { fieldOfPointer, formErrorsOf } from '../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { TextField } from '../../kit/ui/text-field.tsx';
import { editComment, writeComment, type RecordRef } from './community-api.ts';
import { useCommunityProblemText, useCommunityT } from './community-ui.tsx';

/** The contract's limit of a comment (commentResource: content, 5,000 characters). */
export const COMMENT_MAX_LENGTH = 5000;

const Root = styled(Form)`
  margin-top: 0.75rem;
  max-width: 48rem;
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`;

/**
 * A comment on a record, a reply to one of its comments, or a comment's new text (`edit`): its text (paragraphs at
 * blank lines). What the server refuses shows on the text (422 on the content) or above it (comments turned off
 * on the record, in the server's translated words), the text kept.
 */
export function CommentForm({
  record,
  parentId,
  label,
  submitLabel,
  autoFocus = false,
  edit,
  onWritten,
  onCancel,
}: {
  record: RecordRef;
  parentId: string | null;
  /** the comment edited and its text as its author typed it; absent: a new comment */
  edit?: { id: string; text: string };
  /** the text field's label: what is answered */
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  /** the new comment's id and the write's position, once the server took it */
  onWritten: (id: string, position: string | undefined) => void;
  onCancel?: () => void;
}) {
  const t = useCommunityT();
  const api = useApi();
  const lookup = useMessageLookup();
  const problem = useCommunityProblemText();
  const [text, setText] = useState(edit?.text ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    if (text.trim() === '') {
      setFieldError(t('community.comments.required'));
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setFormError(null);
    try {
      const written = edit
        ? { id: edit.id, position: await editComment(api, edit.id, text) }
        : await writeComment(api, record, parentId, text);
      setText('');
      onWritten(written.id, written.position);
    } catch (error) {
      const fields = formErrorsOf(error, lookup, (pointer) =>
        fieldOfPointer(pointer) === 'content' ? 'content' : '_form',
      );
      if (fields) {
        setFieldError(fields.content);
        setFormError(fields._form ?? null);
      } else setFormError(problem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Root
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {formError ? (
        <div role="alert">
          <NoticeBox $tone="error">{formError}</NoticeBox>
        </div>
      ) : null}
      <TextField
        label={label}
        description={t('community.comments.help')}
        multiline
        value={text}
        onChange={setText}
        maxLength={COMMENT_MAX_LENGTH}
        errorMessage={fieldError}
        autoFocus={autoFocus}
      />
      <div className="buttons">
        <Button type="submit">{submitLabel}</Button>
        {onCancel ? (
          <Button variant="secondary" onPress={onCancel}>
            {t('community.cancel')}
          </Button>
        ) : null}
      </div>
    </Root>
  );
}
