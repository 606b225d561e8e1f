import type { ViewerFacts } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useSearch } from 'wouter';
import { useApi } from '../../api/api-context.tsx';
import { usePageTitle } from '../../routing/page-title.ts';
import { useNavigation } from '../../routing/router.tsx';
import { useToast } from '../../toast/toast-context.tsx';
import type { FieldErrors } from '../../api/field-errors.ts';
import { useMessageLookup } from '../../i18n/use-t.ts';
import { hasEdits, useLeaveGuard } from '../../state/leave-guard.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink, Link } from '../../ui/link.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { LoadError, Notice, useAdminErrorText, WidePage } from '../admin-ui.tsx';
import { FieldWidget } from './field-widget.tsx';
import {
  defaultsOf,
  formFields,
  initialValues,
  presetRelationships,
  toSaveDocument,
  type FormValue,
  type FormValues,
} from './form-model.ts';
import { resourcePaths } from './paths.ts';
import { recordTitle } from './record-actions.tsx';
import { indexIncluded, type IncludedIndex } from './record-title.ts';
import { resourceApi, type ResourceRecord } from './resource-api.ts';
import { ActionBar, useResourceLabels, useResourceT } from './resource-ui.tsx';
import { saveErrors } from './server-errors.ts';
import { useViewerTimeZone } from '../../session/time-zone.ts';
import { InlineLoader } from '../../loading/chrome.tsx';
import { useResourceExtension } from './extensions.tsx';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; record: ResourceRecord | null; initial: FormValues; included: IncludedIndex };

/**
 * /admin/resources/{type}/create and /update/{id}: one field per attribute and relationship, chosen by the
 * definition (form-model.ts). An update sends what changed, with If-Match at the version it was loaded at.
 */
export function FormScreen({
  definition,
  id,
  viewer,
}: {
  definition: ResourceDefinition;
  id: string | null;
  /** who fills the form in: the fields they may not write are left out */
  viewer?: ViewerFacts;
}) {
  const t = useResourceT();
  const api = useApi();
  const toast = useToast();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  const { navigate } = useNavigation();
  const labels = useResourceLabels(definition);
  const { type } = definition;
  // the viewer's facts are a new object each render: the fields change only when the facts do
  const viewerKey = JSON.stringify(viewer ?? null);
  const fields = useMemo(
    () => formFields(definition, viewer, id ? 'update' : 'create'),
    [definition, viewerKey, id],
  );
  const search = useSearch();
  // date and time fields show and read the viewer's wall clock
  const zone = useViewerTimeZone();
  // a module's own widgets for some fields (kit/admin/resources/extensions.tsx)
  const extension = useResourceExtension(type);
  // a field with its own widget comes after the others, whose values it may read (a workflow's settings ask its
  // form's questions, by its type)
  const ordered = extension.fieldWidgets
    ? [
        ...fields.filter((f) => !extension.fieldWidgets![f.name]),
        ...fields.filter((f) => extension.fieldWidgets![f.name]),
      ]
    : fields;
  // a new record's relationships the address names (a step of the project it was asked from)
  const preset = useMemo(() => (id ? {} : presetRelationships(fields, search)), [id, fields, search]);
  const [loaded, setLoaded] = useState<Loaded>(() =>
    id
      ? { status: 'loading' }
      : {
          status: 'ready',
          record: null,
          initial: { ...initialValues(fields, null, defaultsOf(definition), zone), ...preset },
          included: indexIncluded([]),
        },
  );
  const [attempt, setAttempt] = useState(0);
  const [values, setValues] = useState<FormValues>(() => (loaded.status === 'ready' ? loaded.initial : {}));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const release = useLeaveGuard(loaded.status === 'ready' && hasEdits(values, loaded.initial));
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    // the related records come along, so that each picker names what is chosen
    const include = Object.keys(definition.relationships);
    resourceApi.find(api, type, id, { include, signal: controller.signal }).then(
      ({ data: record, included }) => {
        const initial = initialValues(fields, record, {}, zone);
        setLoaded({ status: 'ready', record, initial, included: indexIncluded(included) });
        setValues(initial);
        setErrors({});
      },
      (error: unknown) => controller.signal.aborted || setLoaded({ status: 'failed', error }),
    );
    return () => controller.abort();
  }, [api, type, id, definition, fields, attempt, zone]);

  // the preselected records are read under the reader's own rules, so that their pickers show their names; one
  // the reader may not read stays an id, and the save answers for it as for any other choice
  const presetKey = JSON.stringify(preset);
  useEffect(() => {
    const chosen = Object.entries(preset);
    if (id || !chosen.length) return;
    const controller = new AbortController();
    void Promise.allSettled(
      chosen.map(([name]) =>
        resourceApi.find(api, definition.relationships[name]!.type, preset[name]!, {
          signal: controller.signal,
        }),
      ),
    ).then((answers) => {
      if (controller.signal.aborted) return;
      const found = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.data] : []));
      if (!found.length) return;
      setLoaded((now) => (now.status === 'ready' ? { ...now, included: indexIncluded(found) } : now));
      // the pickers start afresh with the names
      setAttempt((n) => n + 1);
    });
    return () => controller.abort();
  }, [api, definition, id, presetKey]);

  const record = loaded.status === 'ready' ? loaded.record : null;
  const title = record ? recordTitle(definition, record, labels.enumValue) : null;
  const heading = id
    ? t('admin.resources.update.title', { resource: labels.typeName, title: title ?? id })
    : t('admin.resources.create.title', { resource: labels.typeName });
  usePageTitle(heading);

  const set = (name: string) => (value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const submit = async () => {
    if (loaded.status !== 'ready' || busy) return;
    const doc = toSaveDocument(fields, values, id ? 'update' : 'create', loaded.initial, zone);
    setFormError(null);
    if (Object.keys(doc.problems).length) {
      setErrors(
        Object.fromEntries(
          Object.entries(doc.problems).map(([name, problem]) => [
            name,
            t(`admin.resources.problem.${problem}`),
          ]),
        ),
      );
      summary.current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = id
        ? await resourceApi.update(api, definition, id, loaded.record?.meta?.version ?? null, doc)
        : await resourceApi.create(api, definition, doc);
      const savedId = answer.data?.id ?? id ?? '';
      const name =
        typeof doc.attributes[definition.title ?? ''] === 'string'
          ? String(doc.attributes[definition.title!])
          : (title ?? savedId);
      toast(t('admin.resources.saved', { title: name }), 'success');
      const position = answer.meta?.position;
      release();
      navigate(`${resourcePaths.show(type, savedId)}${position ? `?minPosition=${position}` : ''}`);
    } catch (error) {
      const fieldErrors = saveErrors(error, fields, lookup);
      if (fieldErrors) {
        const { _form, ...onFields } = fieldErrors;
        // without an id field on a new record's form, a conflict on the id is said above the form
        if (!id && onFields.id) {
          setFormError(onFields.id);
          delete onFields.id;
        }
        setErrors(onFields);
        if (_form) setFormError(_form);
      } else setFormError(errorText(error));
      summary.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const invalid = Object.keys(errors).length > 0;
  const back = id ? resourcePaths.show(type, id) : resourcePaths.index(type);

  return (
    <WidePage>
      <p>
        <Link href={resourcePaths.index(type)}>
          {t('admin.resources.backToList', { resource: labels.typeName })}
        </Link>
      </p>
      <h1>{heading}</h1>
      {loaded.status === 'failed' ? (
        <LoadError message={errorText(loaded.error)} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {loaded.status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {loaded.status === 'ready' ? (
        <Form
          aria-label={heading}
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div ref={summary} tabIndex={-1} role="alert">
            {formError ? <Notice $tone="error">{formError}</Notice> : null}
            {invalid && !formError ? <Notice $tone="error">{t('admin.resources.invalid')}</Notice> : null}
          </div>
          {id ? (
            <TextField
              label={t('admin.resources.field.id')}
              value={id}
              isReadOnly
              errorMessage={errors.id}
              description={
                record?.meta?.version
                  ? t('admin.resources.versionHelp', { version: record.meta.version })
                  : undefined
              }
            />
          ) : null}
          {errors.id && id ? (
            <ActionBar>
              <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
                {t('admin.resources.reload')}
              </Button>
            </ActionBar>
          ) : null}
          {ordered.map((field) => {
            // a reload starts the widgets afresh: a picker keeps the name it shows in its own state
            const key = `${field.name}:${attempt}`;
            const Own = extension.fieldWidgets?.[field.name];
            return Own ? (
              <Suspense key={key} fallback={<InlineLoader aria-label={labels.field(field.name)} />}>
                <Own
                  field={field}
                  label={labels.field(field.name)}
                  value={values[field.name] ?? null}
                  onChange={set(field.name)}
                  error={errors[field.name]}
                  values={values}
                  included={loaded.included}
                />
              </Suspense>
            ) : (
              <FieldWidget
                key={key}
                type={type}
                field={field}
                label={labels.field(field.name)}
                enumLabel={(v) => labels.enumValue(field.name, v)}
                value={values[field.name] ?? null}
                onChange={set(field.name)}
                error={errors[field.name]}
                included={loaded.included}
              />
            );
          })}
          <ActionBar>
            <Button type="submit" isDisabled={busy}>
              {busy ? t('admin.resources.saving') : t('admin.resources.save')}
            </Button>
            <ButtonLink variant="secondary" href={back}>
              {t('admin.cancel')}
            </ButtonLink>
          </ActionBar>
        </Form>
      ) : null}
    </WidePage>
  );
}
