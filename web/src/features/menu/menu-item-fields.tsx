import { ACCESS_LEVELS, ROLES } from '@platform/contracts/enums';
import styled from 'styled-components';
import type { FieldErrors } from '../../kit/api/field-errors.ts';
import { RadioGroup } from '../../kit/ui/radio-group.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { Switch } from '../../kit/ui/switch.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { CheckboxGroup } from './checkbox-group.tsx';
import type { PageOption } from './menu-editor-api.ts';
import { DESCRIPTION_MAX, NAME_MAX, type LinkKind, type MenuItemFormValues } from './menu-item-form.ts';
import { useMenuEditorT } from './messages.ts';

const Section = styled.h3`
  font-size: 1.125rem;
  margin: 1.5rem 0 0.75rem;
`;

const SwitchRow = styled.div`
  margin-bottom: 0.75rem;
`;

/** A message under a field, or above the form: the error colour marks it beside the text. */
export const ErrorNote = styled.p`
  margin: 0.25rem 0 0.75rem;
  padding: 0.5rem 0.75rem;
  border-left: 6px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
`;

const NONE = '__none__';

/**
 * The fields of a menu item (seed 000 §3), in three parts: what it shows (label, description), where it leads
 * (a page of the site, an address, or nothing; a new tab) and who sees it (signed-in people, minimum access
 * level, roles), then how it looks (colour, the next items on the right).
 */
export function MenuItemFields({
  values,
  set,
  errors,
  pages,
}: {
  values: MenuItemFormValues;
  set: <K extends keyof MenuItemFormValues>(name: K, value: MenuItemFormValues[K]) => void;
  errors: FieldErrors;
  /** null while loading */
  pages: PageOption[] | 'failed' | null;
}) {
  const t = useMenuEditorT();
  const required = (label: string) => t('menuEditor.form.required', { label });
  const linkOptions: { id: LinkKind; label: string }[] = [
    { id: 'page', label: t('menuEditor.form.link.page') },
    { id: 'url', label: t('menuEditor.form.link.url') },
    { id: 'none', label: t('menuEditor.form.link.none') },
  ];
  return (
    <>
      <TextField
        label={required(t('menuEditor.form.name'))}
        description={t('menuEditor.form.nameHelp', { max: NAME_MAX })}
        value={values.name}
        onChange={(v) => set('name', v)}
        errorMessage={errors.name}
        autoFocus
      />
      <TextField
        label={t('menuEditor.form.description')}
        description={t('menuEditor.form.descriptionHelp', { max: DESCRIPTION_MAX })}
        value={values.description}
        onChange={(v) => set('description', v)}
        errorMessage={errors.description}
        multiline
      />
      <Section>{t('menuEditor.form.linkSection')}</Section>
      <RadioGroup
        label={t('menuEditor.form.link')}
        options={linkOptions}
        value={values.link}
        onChange={(v) => set('link', v as LinkKind)}
      />
      {values.link === 'page' ? (
        pages === 'failed' ? (
          <ErrorNote role="alert">{t('menuEditor.form.pagesFailed')}</ErrorNote>
        ) : (
          <Select
            label={required(t('menuEditor.form.page'))}
            options={(pages ?? []).map((p) => ({ id: p.id, label: `${p.title} (${p.path})` }))}
            selectedKey={values.pageId}
            onSelectionChange={(key) => set('pageId', key === null ? null : String(key))}
            placeholder={pages === null ? t('menuEditor.form.pagesLoading') : t('menuEditor.form.choosePage')}
            errorMessage={errors.pageId}
            description={pages?.length === 0 ? t('menuEditor.form.noPages') : undefined}
          />
        )
      ) : null}
      {values.link === 'url' ? (
        <TextField
          label={required(t('menuEditor.form.url'))}
          description={t('menuEditor.form.urlHelp')}
          value={values.url}
          onChange={(v) => set('url', v)}
          errorMessage={errors.url}
        />
      ) : null}
      {values.link !== 'none' ? (
        <SwitchRow>
          <Switch isSelected={values.blank} onChange={(v) => set('blank', v)}>
            {t('menuEditor.form.blank')}
          </Switch>
          {errors.blank ? <ErrorNote>{errors.blank}</ErrorNote> : null}
        </SwitchRow>
      ) : null}
      <Section>{t('menuEditor.form.visibilitySection')}</Section>
      <SwitchRow>
        <Switch isSelected={values.requiresAuth} onChange={(v) => set('requiresAuth', v)}>
          {t('menuEditor.form.requiresAuth')}
        </Switch>
        {errors.requiresAuth ? <ErrorNote>{errors.requiresAuth}</ErrorNote> : null}
      </SwitchRow>
      <Select
        label={t('menuEditor.form.accessLevel')}
        options={[
          { id: NONE, label: t('menuEditor.form.accessLevel.none') },
          ...ACCESS_LEVELS.map((level) => ({ id: level, label: t(`admin.accessLevel.${level}`) })),
        ]}
        selectedKey={values.accessLevel ?? NONE}
        onSelectionChange={(key) => set('accessLevel', key === NONE || key === null ? null : String(key))}
        errorMessage={errors.accessLevel}
      />
      <CheckboxGroup
        label={t('menuEditor.form.roles')}
        description={t('menuEditor.form.rolesHelp')}
        options={ROLES.map((role) => ({ id: role, label: t(`admin.role.${role}`) }))}
        value={values.roles}
        onChange={(roles) => set('roles', roles)}
        errorMessage={errors.roles}
      />
      <Section>{t('menuEditor.form.lookSection')}</Section>
      <TextField
        label={t('menuEditor.form.color')}
        description={t('menuEditor.form.colorHelp')}
        value={values.color}
        onChange={(v) => set('color', v)}
        errorMessage={errors.color}
      />
      <SwitchRow>
        <Switch isSelected={values.alignsNextRight} onChange={(v) => set('alignsNextRight', v)}>
          {t('menuEditor.form.alignsNextRight')}
        </Switch>
        {errors.alignsNextRight ? <ErrorNote>{errors.alignsNextRight}</ErrorNote> : null}
      </SwitchRow>{' '}
    </>
  );
}
