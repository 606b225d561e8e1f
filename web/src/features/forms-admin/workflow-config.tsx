import type { FormFieldView } from '@platform/contracts/forms/rules';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { FieldWidgetProps } from '../../kit/admin/resources/extensions.tsx';
import { FieldWidget } from '../../kit/admin/resources/field-widget.tsx';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { relationshipIds } from '../../kit/admin/resources/form-model.ts';
import {
  indexIncluded,
  type IncludedIndex,
  type IncludedRecord,
} from '../../kit/admin/resources/record-title.ts';
import { RelationshipPicker } from '../../kit/admin/resources/relationship-picker.tsx';
import { resourceApi } from '../../kit/admin/resources/resource-api.ts';
import { fieldView, recordsOfForm } from './forms-admin-api.ts';
import { useFormsAdminT } from './forms-admin-ui.ts';

const Group = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  padding: 0.75rem 1rem 0.25rem;
  margin: 0 0 1.25rem;
  min-width: 0;
  legend {
    font-weight: 700;
    padding: 0 0.25rem;
  }
  > p {
    margin: 0 0 1rem;
    overflow-wrap: anywhere;
  }
  .error {
    color: ${({ theme }) => theme.colors.error};
  }
`;

/** A workflow's settings as one group: its name, what the type does, its fields, and the server's error on it. */
function SettingsGroup({
  label,
  help,
  error,
  children,
}: {
  label: string;
  help: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <Group aria-describedby={error ? 'workflow-config-error' : undefined}>
      <legend>{label}</legend>
      <p>{help}</p>
      {children}
      {error ? (
        <p className="error" id="workflow-config-error">
          {error}
        </p>
      ) : null}
    </Group>
  );
}

const NONE = '__none__';

type Config = Record<string, unknown>;
type Questions =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; fields: FormFieldView[] };

/** What each type's settings ask: a question of a kind, for a key of the config; optional ones may be none. */
const SETTINGS: Record<
  string,
  ReadonlyArray<{ key: string; fits: (f: FormFieldView) => boolean; optional?: boolean }>
> = {
  email_respondent: [{ key: 'emailFieldId', fits: (f) => f.dataType === 'email' }],
  create_contact: [
    { key: 'emailFieldId', fits: (f) => f.dataType === 'email' },
    { key: 'firstNameFieldId', fits: (f) => f.fieldType === 'short_text' },
    { key: 'lastNameFieldId', fits: (f) => f.fieldType === 'short_text' },
    { key: 'phoneFieldId', fits: (f) => f.fieldType === 'short_text', optional: true },
    { key: 'subscriptionFieldId', fits: (f) => f.fieldType === 'checkbox', optional: true },
  ],
};

function parsed(text: string): Config | null {
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : null;
  } catch {
    return null;
  }
}

/**
 * A form workflow's settings (`config`, ADR 0062) on its create and edit screens: for the types that name the form's
 * questions (a copy to the respondent, a contact kept), each chosen by its title among the form's questions of the
 * kind it needs, and the copy's opening words; for members told, the members chosen by name; in place of ids typed
 * as JSON. The value stays the JSON text the save sends. A type of no settings here, a form not chosen yet,
 * questions that cannot be read or settings that are not an object: the JSON field as before, so nothing is lost.
 */
export function WorkflowConfigField(props: FieldWidgetProps) {
  const type = typeof props.values.workflowType === 'string' ? props.values.workflowType : '';
  const config = parsed(typeof props.value === 'string' ? props.value : '');
  if (
    type === 'notify_users' &&
    config !== null &&
    (config.userIds === undefined || Array.isArray(config.userIds))
  )
    return <MembersToTell {...props} config={config} />;
  return <QuestionSettings {...props} />;
}

/** The set value of a config, as the form holds it (the JSON text the save sends); a key set to null is removed. */
const withSetting = (config: Config, key: string, value: unknown): string => {
  const next: Config = { ...config };
  if (value === null) delete next[key];
  else next[key] = value;
  return JSON.stringify(next, null, 2);
};

/**
 * "Notify members": the back-office members told of each response, chosen by name as a relationship's records are
 * (the users' list searched as one types); the members already named are read by themselves to show their names.
 */
function MembersToTell({ label, onChange, error, config }: FieldWidgetProps & { config: Config }) {
  const t = useFormsAdminT();
  const api = useApi();
  const ids = ((config.userIds ?? []) as unknown[]).filter((id): id is string => typeof id === 'string');
  const idsKey = ids.join(',');
  const [named, setNamed] = useState<IncludedIndex>(() => indexIncluded([]));
  useEffect(() => {
    const wanted = idsKey ? idsKey.split(',') : [];
    if (!wanted.length) return;
    const controller = new AbortController();
    void Promise.all(
      wanted.map((id) =>
        resourceApi
          .find(api, 'users', id, { signal: controller.signal })
          .then((doc): IncludedRecord => ({ type: 'users', id, attributes: doc.data.attributes }))
          .catch(() => null),
      ),
    ).then((found) => {
      if (!controller.signal.aborted) setNamed(indexIncluded(found.filter((r) => r !== null)));
    });
    return () => controller.abort();
    // the names are read once for the members the settings named when they were opened
  }, [api]);
  return (
    <SettingsGroup label={label} help={t('formsAdmin.workflow.help.notify_users')} error={error}>
      <RelationshipPicker
        field={{
          name: 'userIds',
          widget: 'relationship',
          kind: 'relationship',
          required: true,
          nullable: false,
          relationship: { type: 'users', many: true },
        }}
        label={t('formsAdmin.workflow.userIds')}
        value={ids.join('\n')}
        onChange={(v) => {
          const chosen = relationshipIds(v);
          onChange(withSetting(config, 'userIds', chosen.length ? chosen : null));
        }}
        included={named}
      />
    </SettingsGroup>
  );
}

/** The settings of the types that name the form's questions. */
function QuestionSettings(props: FieldWidgetProps) {
  const { label, value, onChange, error, values } = props;
  const t = useFormsAdminT();
  const api = useApi();
  const type = typeof values.workflowType === 'string' ? values.workflowType : '';
  const formId = typeof values.form === 'string' ? values.form : '';
  const text = typeof value === 'string' ? value : '';
  const config = parsed(text);
  const settings = SETTINGS[type];
  const [questions, setQuestions] = useState<Questions>({ status: 'none' });

  useEffect(() => {
    if (!formId || !settings) {
      setQuestions({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setQuestions({ status: 'loading' });
    recordsOfForm(api, 'form-fields', formId, { sort: 'position', signal: controller.signal }).then(
      (records) =>
        setQuestions({
          status: 'ready',
          fields: records
            .map(fieldView)
            .filter((f): f is FormFieldView => f !== null && f.fieldType !== 'section'),
        }),
      () => controller.signal.aborted || setQuestions({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [api, formId, settings]);

  const asJson = <FieldWidget {...props} type="form-workflows" enumLabel={(v) => v} />;
  if (!settings || config === null) return asJson;
  if (!formId)
    return (
      <Group>
        <legend>{label}</legend>
        <p>{t('formsAdmin.workflow.chooseForm')}</p>
      </Group>
    );
  if (questions.status === 'loading' || questions.status === 'none')
    return <InlineLoader aria-label={t('formsAdmin.form.loading')} />;
  if (questions.status === 'failed') return asJson;

  const set = (key: string, chosen: string | null) => onChange(withSetting(config, key, chosen || null));
  const shown = (f: FormFieldView) => (f.title.trim() ? f.title : t('formsAdmin.workflow.untitled'));
  return (
    <SettingsGroup
      label={label}
      help={t(`formsAdmin.workflow.help.${type}` as 'formsAdmin.workflow.help.email_respondent')}
      error={error}
    >
      {settings.map(({ key, fits, optional }) => {
        const offered = questions.fields.filter(fits);
        const chosen = typeof config[key] === 'string' ? (config[key] as string) : null;
        // a question chosen before that no longer fits (its kind changed) is still shown, so that it can be changed
        const kept = chosen && !offered.some((f) => f.id === chosen) ? [{ id: chosen, label: chosen }] : [];
        return (
          <Select
            key={key}
            label={t(`formsAdmin.workflow.${key}` as 'formsAdmin.workflow.emailFieldId')}
            description={offered.length ? undefined : t('formsAdmin.workflow.noneFits')}
            options={[
              {
                id: NONE,
                label: t(optional ? 'formsAdmin.workflow.noQuestion' : 'formsAdmin.workflow.notChosen'),
              },
              ...offered.map((f) => ({ id: f.id, label: shown(f) })),
              ...kept,
            ]}
            value={chosen ?? NONE}
            onChange={(k) => set(key, k === null || k === NONE ? null : String(k))}
          />
        );
      })}
      {type === 'email_respondent' ? (
        <TextField
          label={t('formsAdmin.workflow.message')}
          description={t('formsAdmin.workflow.messageHelp')}
          multiline
          maxLength={2000}
          value={typeof config.message === 'string' ? config.message : ''}
          onChange={(words) => set('message', words.trim() ? words : null)}
        />
      ) : null}
    </SettingsGroup>
  );
}
