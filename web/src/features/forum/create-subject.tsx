import { useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { useApi } from '../../kit/api/api-context.tsx';
import { fieldOfPointer, formErrorsOf, type FieldErrors } from '../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { Select } from '../../kit/ui/select.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { createSubject, readForumCategories, writeMessage, type ForumCategory } from './forum-api.ts';
import { useForumT, useForumViewer, useProblemText, useSignInHref } from './forum-ui.tsx';
import { MESSAGE_MAX_LENGTH } from './message-form.tsx';

const TITLE_MAX_LENGTH = 255;

const Root = styled(Form)`
  max-width: 48rem;
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`;

/** The categories a subject goes in: those that hold subjects (a parent with children only groups them). */
function writableCategories(categories: readonly ForumCategory[]): ForumCategory[] {
  return categories.filter((c) => !(c.isParent && categories.some((child) => child.parentId === c.id)));
}

/**
 * A new subject at {path}/create (seed 001 §2): its title, category and first message. The subject is written
 * first, then its message; a refused message keeps the subject written, so that trying again sends the message
 * alone. Each refusal shows on its field (422) or above the form.
 */
export function CreateSubject({ basePath }: { basePath: string }) {
  const t = useForumT();
  const api = useApi();
  const lookup = useMessageLookup();
  const problem = useProblemText();
  const { navigate } = useNavigation();
  const viewer = useForumViewer();
  const signInHref = useSignInHref();
  const search = useSearch();
  usePageTitle(t('forum.create.title'));
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<string | null>(new URLSearchParams(search).get('category'));
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** the subject already written when its message was refused */
  const written = useRef<string | null>(null);
  const categories = useLoaded((signal) => readForumCategories(api, signal), [api]);

  if (!viewer.mayCreateSubject)
    return (
      <div>
        <h1>{t('forum.create.title')}</h1>
        <p>
          <Link href={signInHref}>{t('forum.signInToWrite')}</Link>
        </p>
      </div>
    );
  if (categories.state.status === 'loading') return <InlineLoader aria-label={t('forum.loading')} />;
  const choices = categories.state.status === 'ready' ? writableCategories(categories.state.value) : [];

  const required = (): FieldErrors => {
    const missing: FieldErrors = {};
    if (!written.current && title.trim() === '') missing.title = t('forum.create.titleRequired');
    if (!written.current && !category) missing.category = t('forum.create.categoryRequired');
    if (text.trim() === '') missing.content = t('forum.message.required');
    return missing;
  };

  const refused = (error: unknown, fieldsOf: readonly string[]) => {
    const fields = formErrorsOf(error, lookup, (pointer) => {
      const field = fieldOfPointer(pointer);
      return field && fieldsOf.includes(field) ? field : '_form';
    });
    if (fields) {
      const { _form, ...onFields } = fields;
      setErrors(onFields);
      setFormError(_form ?? null);
    } else setFormError(problem(error));
  };

  const submit = async () => {
    if (busy) return;
    const missing = required();
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      if (!written.current) {
        try {
          written.current = (await createSubject(api, title.trim(), category)).id;
        } catch (error) {
          refused(error, ['title', 'category']);
          return;
        }
      }
      try {
        const message = await writeMessage(api, written.current, null, text);
        const query = message.position ? `?minPosition=${encodeURIComponent(message.position)}` : '';
        navigate(`${basePath}/${encodeURIComponent(written.current)}${query}`);
      } catch (error) {
        refused(error, ['content']);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <p>
        <Link href={basePath || '/'}>{t('forum.back')}</Link>
      </p>
      <h1>{t('forum.create.title')}</h1>
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
          label={t('forum.create.subjectTitle')}
          value={title}
          onChange={setTitle}
          maxLength={TITLE_MAX_LENGTH}
          errorMessage={errors.title}
          isDisabled={written.current !== null}
        />
        <Select
          label={t('forum.create.category')}
          options={choices.map((c) => ({ id: c.id, label: c.name }))}
          selectedKey={category}
          onSelectionChange={(key) => setCategory(key === null ? null : String(key))}
          errorMessage={errors.category}
          isDisabled={written.current !== null}
        />
        <TextField
          label={t('forum.create.message')}
          description={t('forum.message.help')}
          multiline
          value={text}
          onChange={setText}
          maxLength={MESSAGE_MAX_LENGTH}
          errorMessage={errors.content}
        />
        <div className="buttons">
          <Button type="submit">{t('forum.create.send')}</Button>
        </div>
      </Root>
    </div>
  );
}
