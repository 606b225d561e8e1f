import { COMPONENT_PROPS, type ComponentType } from '@platform/contracts/pages/components';
import { useMemo, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { Notice, useAdminErrorText } from '../../../kit/admin/admin-ui.tsx';
import { ActionBar } from '../../../kit/admin/resources/resource-ui.tsx';
import { useMessageLookup } from '../../../kit/i18n/use-t.ts';
import { hasEdits, useLeaveGuard } from '../../../kit/state/leave-guard.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import { commandErrors, splitPropsErrors } from './command-errors.ts';
import { usePageEditorT } from './messages.ts';
import { PropsFields } from './props-fields.tsx';
import { describeSchema, fieldKeys, toProps, type ObjectNode } from './props-model.ts';

export interface ComponentValues {
  viewId: string | null;
  props: Record<string, unknown>;
}

const nodes = new Map<ComponentType, ObjectNode>();

/** The form node of a component type's props schema (built once per type). */
export function propsNode(type: ComponentType): ObjectNode {
  let node = nodes.get(type);
  if (!node) {
    const described = describeSchema(COMPONENT_PROPS[type]);
    node = described.kind === 'object' ? described : { ...described, kind: 'object', fields: [] };
    nodes.set(type, node);
  }
  return node;
}

/**
 * A component's section id and props, the props' fields generated from its type's schema. `onSubmit` sends them
 * and throws what the server refused: each problem then shows on its field (a list's item, a link's path),
 * what names no shown field above the form.
 */
export function ComponentForm({
  type,
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  extraActions,
}: {
  type: ComponentType;
  /** the form's accessible name */
  label: string;
  initial: ComponentValues;
  submitLabel: string;
  onSubmit: (values: ComponentValues) => Promise<void>;
  onCancel: () => void;
  extraActions?: React.ReactNode;
}) {
  const t = usePageEditorT();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  const node = propsNode(type);
  const [viewId, setViewId] = useState(initial.viewId ?? '');
  const [props, setProps] = useState(initial.props);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useLeaveGuard(hasEdits({ viewId, props }, { viewId: initial.viewId ?? '', props: initial.props }));
  const summary = useRef<HTMLDivElement>(null);
  const shownKeys = useMemo(() => new Set(fieldKeys(node, props)), [node, props]);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFormErrors([]);
    try {
      await onSubmit({
        viewId: viewId.trim() === '' ? null : viewId.trim(),
        props: (toProps(node, props) as Record<string, unknown> | undefined) ?? {},
      });
    } catch (error) {
      const { fields, form } = commandErrors(error, lookup, errorText);
      const split = splitPropsErrors(fields);
      const onFields: Record<string, string> = {};
      const above = form ? [form] : [];
      for (const [key, message] of Object.entries(split.props)) {
        if (shownKeys.has(key)) onFields[key] = message;
        else above.push(message);
      }
      const { viewId: viewIdError, ...rest } = split.other;
      above.push(...Object.values(rest));
      setErrors({ ...onFields, ...(viewIdError ? { viewId: viewIdError } : {}) });
      setFormErrors(above);
      summary.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const { viewId: viewIdError, ...propsErrors } = errors;
  const invalid = Object.keys(errors).length > 0;
  return (
    <Form
      aria-label={label}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div ref={summary} tabIndex={-1} role="alert">
        {formErrors.map((message) => (
          <Notice key={message} $tone="error">
            {message}
          </Notice>
        ))}
        {invalid && formErrors.length === 0 ? (
          <Notice $tone="error">{t('pageEditor.component.invalid')}</Notice>
        ) : null}
      </div>
      <TextField
        label={t('pageEditor.component.viewId')}
        description={t('pageEditor.component.viewIdHelp')}
        errorMessage={viewIdError}
        value={viewId}
        onChange={setViewId}
        maxLength={100}
        spellCheck="false"
      />
      <PropsFields node={node} value={props} onChange={setProps} errors={propsErrors} />
      <ActionBar>
        <Button type="submit" isDisabled={busy}>
          {busy ? t('pageEditor.saving') : submitLabel}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          {t('pageEditor.cancel')}
        </Button>
        {extraActions}
      </ActionBar>
    </Form>
  );
}
