import { useState } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { fieldOfPointer, formErrorsOf } from '../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { TextField } from '../../kit/ui/text-field.tsx';
import { writeMessage } from './forum-api.ts';
import { useForumT, useProblemText } from './forum-ui.tsx';

/** The contract's limit of a message (forumSubjectMessageResource: content, 20,000 characters). */
export const MESSAGE_MAX_LENGTH = 20_000;

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
 * A message to a subject, or a reply to one of its messages: its text (paragraphs at blank lines). What the server
 * refuses shows on the text (422) or above it (a subject limited to administrators, 403), the text kept.
 */
export function MessageForm({
  subjectId,
  parentId,
  label,
  submitLabel,
  autoFocus = false,
  onWritten,
  onCancel,
}: {
  subjectId: string;
  parentId: string | null;
  /** the text field's label: what is answered */
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  /** the new message's id and the write's position, once the server took it */
  onWritten: (id: string, position: string | undefined) => void;
  onCancel?: () => void;
}) {
  const t = useForumT();
  const api = useApi();
  const lookup = useMessageLookup();
  const problem = useProblemText();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    if (text.trim() === '') {
      setFieldError(t('forum.message.required'));
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setFormError(null);
    try {
      const written = await writeMessage(api, subjectId, parentId, text);
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
        description={t('forum.message.help')}
        multiline
        value={text}
        onChange={setText}
        maxLength={MESSAGE_MAX_LENGTH}
        errorMessage={fieldError}
        autoFocus={autoFocus}
      />
      <div className="buttons">
        <Button type="submit">{submitLabel}</Button>
        {onCancel ? (
          <Button variant="secondary" onPress={onCancel}>
            {t('forum.cancel')}
          </Button>
        ) : null}
      </div>
    </Root>
  );
}
