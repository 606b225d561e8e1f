import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { fieldOfPointer, formErrorsOf, type FieldErrors } from '../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { Select } from '../../kit/ui/select.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { writeRequest } from './trainings-api.ts';
import { useReferenceLists, useTrainingsT } from './trainings-ui.tsx';

/** The choice that stands for the member's own theme or type, named in a text field. */
const OTHER = 'other';
const TITLE_MAX_LENGTH = 255;

const Root = styled(Form)`
  max-width: 40rem;
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`;

/** Where a refusal's pointer goes: the field that holds it (the theme's and the type's relationships included). */
function fieldOf(pointer: string | undefined): string {
  const field = fieldOfPointer(pointer);
  if (!field) return '_form';
  if (field.startsWith('themes')) return 'theme';
  if (field.startsWith('resourceType')) return 'resourceType';
  return ['title', 'description', 'inspirationUrl', 'otherTheme', 'otherResourceType'].includes(field)
    ? field
    : '_form';
}

/**
 * A member's request for a training resource that does not exist yet (seed 001 §3): its title, what it would be, a
 * link that inspired it, its theme and type among the lists or the member's own ("Other", then named). Written, the
 * request's page opens at the write's position.
 */
export function RequestForm({ basePath, onCancel }: { basePath: string; onCancel: () => void }) {
  const t = useTrainingsT();
  const api = useApi();
  const lookup = useMessageLookup();
  const { navigate } = useNavigation();
  const { themes, types } = useReferenceLists();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [inspirationUrl, setInspirationUrl] = useState('');
  const [theme, setTheme] = useState<string | null>(null);
  const [otherTheme, setOtherTheme] = useState('');
  const [resourceType, setResourceType] = useState<string | null>(null);
  const [otherType, setOtherType] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const first =
      attempt === 0
        ? form.current?.querySelector<HTMLElement>('input')
        : form.current?.querySelector<HTMLElement>(
            '[data-invalid] input:not([type="hidden"]), [data-invalid] textarea, [data-invalid] button, [role="alert"]',
          );
    first?.focus();
  }, [attempt]);

  const submit = async () => {
    if (sending) return;
    const missing: FieldErrors = {};
    if (!title.trim()) missing.title = t('trainings.request.titleRequired');
    if (theme === OTHER && !otherTheme.trim()) missing.otherTheme = t('trainings.request.otherThemeRequired');
    if (resourceType === OTHER && !otherType.trim())
      missing.otherResourceType = t('trainings.request.otherTypeRequired');
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      const written = await writeRequest(api, {
        title: title.trim(),
        description: description.trim(),
        inspirationUrl: inspirationUrl.trim() || null,
        theme: theme && theme !== OTHER ? theme : null,
        otherTheme: theme === OTHER ? otherTheme.trim() : null,
        resourceType: resourceType && resourceType !== OTHER ? resourceType : null,
        otherResourceType: resourceType === OTHER ? otherType.trim() : null,
      });
      const query = written.position ? `?minPosition=${encodeURIComponent(written.position)}` : '';
      navigate(`${basePath}/${encodeURIComponent(written.id)}${query}`);
    } catch (error) {
      setErrors(formErrorsOf(error, lookup, fieldOf) ?? { _form: t('trainings.request.failed') });
      setAttempt((n) => n + 1);
    } finally {
      setSending(false);
    }
  };

  return (
    <Root
      ref={form}
      validationBehavior="aria"
      aria-label={t('trainings.request.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {errors._form ? (
        <div role="alert" tabIndex={-1}>
          <NoticeBox $tone="error">{errors._form}</NoticeBox>
        </div>
      ) : null}
      <TextField
        label={t('trainings.request.titleField')}
        isRequired
        value={title}
        onChange={setTitle}
        maxLength={TITLE_MAX_LENGTH}
        errorMessage={errors.title}
      />
      <TextField
        label={t('trainings.request.description')}
        description={t('trainings.request.descriptionHelp')}
        multiline
        value={description}
        onChange={setDescription}
        maxLength={20_000}
        errorMessage={errors.description}
      />
      <TextField
        type="url"
        label={t('trainings.request.inspirationUrl')}
        description={t('trainings.request.inspirationUrlHelp')}
        value={inspirationUrl}
        onChange={setInspirationUrl}
        maxLength={2048}
        errorMessage={errors.inspirationUrl}
      />
      <Select
        label={t('trainings.request.theme')}
        options={[
          ...themes.map((x) => ({ id: x.id, label: x.name })),
          { id: OTHER, label: t('trainings.request.otherChoice') },
        ]}
        selectedKey={theme}
        onSelectionChange={(key) => setTheme(key === null ? null : String(key))}
        errorMessage={errors.theme}
      />
      {theme === OTHER ? (
        <TextField
          label={t('trainings.request.otherTheme')}
          isRequired
          value={otherTheme}
          onChange={setOtherTheme}
          maxLength={255}
          errorMessage={errors.otherTheme}
        />
      ) : null}
      <Select
        label={t('trainings.request.type')}
        options={[
          ...types.map((x) => ({ id: x.id, label: x.name })),
          { id: OTHER, label: t('trainings.request.otherChoice') },
        ]}
        selectedKey={resourceType}
        onSelectionChange={(key) => setResourceType(key === null ? null : String(key))}
        errorMessage={errors.resourceType}
      />
      {resourceType === OTHER ? (
        <TextField
          label={t('trainings.request.otherType')}
          isRequired
          value={otherType}
          onChange={setOtherType}
          maxLength={255}
          errorMessage={errors.otherResourceType}
        />
      ) : null}
      <div className="buttons">
        <Button type="submit" isDisabled={sending}>
          {t('trainings.request.send')}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          {t('trainings.request.cancel')}
        </Button>
      </div>
    </Root>
  );
}
