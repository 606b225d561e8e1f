import { ACCESS_LEVELS, ROLES } from '@platform/contracts/enums';
import { useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { Notice, useAdminErrorText } from '../../../kit/admin/admin-ui.tsx';
import { ActionBar } from '../../../kit/admin/resources/resource-ui.tsx';
import { useMessageLookup } from '../../../kit/i18n/use-t.ts';
import { useLeaveGuard } from '../../../kit/state/leave-guard.ts';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import { FieldGroup } from '../../../kit/ui/field.tsx';
import { Select } from '../../../kit/ui/select.tsx';
import { Switch } from '../../../kit/ui/switch.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import { commandErrors } from './command-errors.ts';
import { usePageEditorT } from './messages.ts';
import type { PageAttributes } from './pages-api.ts';
import { ErrorText, Group } from './props-fields.tsx';

/** The attributes of a page an editor sets (seed 000 §3), in the order the form shows them. */
export const SETTINGS = [
  'title',
  'path',
  'description',
  'requiresAuth',
  'accessLevel',
  'roles',
  'isDefault',
  'styles',
] as const;
export type Settings = Pick<PageAttributes, (typeof SETTINGS)[number]>;

export const settingsOf = (attributes: PageAttributes): Settings =>
  Object.fromEntries(SETTINGS.map((name) => [name, attributes[name]])) as Settings;

/** What a save sends: the settings that differ from those the server holds (nothing changed: nothing sent). */
export function changedSettings(initial: Settings, values: Settings): Partial<Settings> {
  const changed: Record<string, unknown> = {};
  for (const name of SETTINGS) {
    if (JSON.stringify(initial[name]) !== JSON.stringify(values[name])) changed[name] = values[name];
  }
  return changed as Partial<Settings>;
}

const NONE = '__none__';

/**
 * A page's settings: its title, path, description, who may open it (sign-in, access level, roles), whether it is
 * the default page, its styles. `onSubmit` sends what changed and throws what the server refused. Once it has
 * resolved, what it sent is saved: the form says so and holds no unsaved edit any more (leaving does not ask),
 * without waiting for the page to be read again, which may come late or, past minPosition's bound on a loaded
 * server, show the page as it was before the save.
 */
export function PageSettingsForm({
  initial,
  editable,
  onSubmit,
}: {
  initial: Settings;
  editable: boolean;
  onSubmit: (changed: Partial<Settings>) => Promise<void>;
}) {
  const t = usePageEditorT();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  const toast = useToast();
  const [values, setValues] = useState<Settings>(initial);
  /** the settings as the server holds them, as far as the form knows: as loaded, then as each save sent them */
  const [saved, setSaved] = useState<Settings>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useLeaveGuard(editable && Object.keys(changedSettings(saved, values)).length > 0);
  const summary = useRef<HTMLDivElement>(null);
  const set =
    <K extends keyof Settings>(name: K) =>
    (value: Settings[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors(({ [name]: _gone, ...rest }) => rest);
    };

  const submit = async () => {
    if (busy) return;
    const sent = values;
    const changed = changedSettings(saved, sent);
    setErrors({});
    setFormError(null);
    if (Object.keys(changed).length === 0) {
      setFormError(t('pageEditor.settings.unchanged'));
      summary.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(changed);
      setSaved(sent);
      toast(t('pageEditor.settings.saved'), 'success');
    } catch (error) {
      const { fields, form } = commandErrors(error, lookup, errorText);
      const known = new Set<string>(SETTINGS);
      const onFields = Object.fromEntries(
        Object.entries(fields).filter(([k]) => known.has(k.split('.')[0]!)),
      );
      const other = Object.entries(fields).filter(([k]) => !known.has(k.split('.')[0]!));
      setErrors(Object.fromEntries(Object.entries(onFields).map(([k, m]) => [k.split('.')[0]!, m])));
      setFormError(form ?? other[0]?.[1] ?? (Object.keys(onFields).length ? null : errorText(error)));
      summary.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const invalid = Object.keys(errors).length > 0;
  const required = (label: string) => t('admin.resources.requiredLabel', { label });
  return (
    <Form
      aria-labelledby="page-editor-settings"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div ref={summary} tabIndex={-1} role="alert">
        {formError ? <Notice $tone="error">{formError}</Notice> : null}
        {invalid && !formError ? <Notice $tone="error">{t('pageEditor.settings.invalid')}</Notice> : null}
      </div>
      <TextField
        label={required(t('pageEditor.settings.title'))}
        value={values.title}
        onChange={set('title')}
        errorMessage={errors.title}
        maxLength={500}
        isReadOnly={!editable}
      />
      <TextField
        label={required(t('pageEditor.settings.path'))}
        description={t('pageEditor.settings.pathHelp')}
        value={values.path}
        onChange={set('path')}
        errorMessage={errors.path}
        spellCheck="false"
        isReadOnly={!editable}
      />
      <TextField
        label={t('pageEditor.settings.description')}
        description={t('admin.resources.limit.maxLength', { max: 5000 })}
        value={values.description}
        onChange={set('description')}
        errorMessage={errors.description}
        maxLength={5000}
        multiline
        isReadOnly={!editable}
      />
      <Group aria-describedby={errors.requiresAuth ? 'page-settings-access-error' : undefined}>
        <legend>{t('pageEditor.settings.access')}</legend>
        <div>
          <Switch isSelected={values.requiresAuth} onChange={set('requiresAuth')} isDisabled={!editable}>
            {t('pageEditor.settings.requiresAuth')}
          </Switch>
        </div>
        {errors.requiresAuth ? (
          <ErrorText id="page-settings-access-error">{errors.requiresAuth}</ErrorText>
        ) : null}
        <FieldGroup>
          <Select
            label={t('pageEditor.settings.accessLevel')}
            description={t('pageEditor.settings.accessLevelHelp')}
            errorMessage={errors.accessLevel}
            isDisabled={!editable}
            options={[
              { id: NONE, label: t('pageEditor.settings.accessLevelNone') },
              ...ACCESS_LEVELS.map((level) => ({
                id: level,
                label: lookup(`admin.accessLevel.${level}`) ?? level,
              })),
            ]}
            value={values.accessLevel ?? NONE}
            onChange={(key) => set('accessLevel')(key === NONE || key === null ? null : String(key))}
          />
        </FieldGroup>
      </Group>
      <Group aria-describedby={errors.roles ? 'page-settings-roles-error' : 'page-settings-roles-help'}>
        <legend>{t('pageEditor.settings.roles')}</legend>
        <span className="help" id="page-settings-roles-help">
          {t('pageEditor.settings.rolesHelp')}
        </span>
        {errors.roles ? <ErrorText id="page-settings-roles-error">{errors.roles}</ErrorText> : null}
        {ROLES.map((role) => (
          <div key={role}>
            <Switch
              isSelected={values.roles.includes(role)}
              isDisabled={!editable}
              onChange={(on) =>
                set('roles')(on ? [...values.roles, role] : values.roles.filter((r) => r !== role))
              }
            >
              {lookup(`admin.role.${role}`) ?? role}
            </Switch>
          </div>
        ))}
      </Group>
      <FieldGroup>
        <Switch isSelected={values.isDefault} onChange={set('isDefault')} isDisabled={!editable}>
          {t('pageEditor.settings.isDefault')}
        </Switch>
        {errors.isDefault ? <ErrorText>{errors.isDefault}</ErrorText> : null}
      </FieldGroup>
      <TextField
        label={t('pageEditor.settings.styles')}
        description={t('pageEditor.settings.stylesHelp')}
        value={values.styles}
        onChange={set('styles')}
        errorMessage={errors.styles}
        multiline
        spellCheck="false"
        isReadOnly={!editable}
      />
      {editable ? (
        <ActionBar>
          <Button type="submit" isDisabled={busy}>
            {busy ? t('pageEditor.saving') : t('pageEditor.settings.save')}
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              setValues(saved);
              setErrors({});
              setFormError(null);
            }}
          >
            {t('pageEditor.settings.reset')}
          </Button>
        </ActionBar>
      ) : null}
    </Form>
  );
}
