import type { ViewerFacts } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { useToast } from '../../toast/toast-context.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ButtonLink } from '../../ui/link.tsx';
import { useAdminErrorText } from '../admin-ui.tsx';
import { resourcePaths } from './paths.ts';
import { resourceApi, type ResourceRecord } from './resource-api.ts';
import { useResourceLabels, useResourceT } from './resource-ui.tsx';
import { may } from './viewer.ts';

export type RecordCommand = 'delete' | 'softDelete' | 'restore';

/**
 * A record's name in lists, titles and messages: its title attribute (definition.title), else its id. A title
 * that is an enum's value (a report's reason) is named by its label when `enumValue` is given
 * (useResourceLabels), which names any other text as itself.
 */
export function recordTitle(
  definition: ResourceDefinition,
  record: Pick<ResourceRecord, 'id' | 'attributes'>,
  enumValue?: (name: string, value: string) => string,
) {
  const name = definition.title;
  const value = name ? record.attributes[name] : null;
  if (typeof value !== 'string' || !value.trim()) return record.id;
  return name && enumValue ? enumValue(name, value) : value;
}

export const isSoftDeleted = (record: Pick<ResourceRecord, 'attributes'>) =>
  typeof record.attributes.deletedAt === 'string';

/**
 * What a viewer may do with one record, as links (show, edit, history) and buttons (delete after a confirmation,
 * soft delete, restore). Each command is announced by a toast; `onDone` reads again at the command's position.
 */
export function RecordActions({
  definition,
  record,
  viewer,
  links = true,
  onDone,
  onError,
}: {
  definition: ResourceDefinition;
  record: ResourceRecord;
  viewer: ViewerFacts;
  /** the show, edit and history links (a list's rows); the show screen has its own */
  links?: boolean;
  onDone: (command: RecordCommand, position: string | undefined) => void;
  onError: (message: string) => void;
}) {
  const t = useResourceT();
  const api = useApi();
  const toast = useToast();
  const errorText = useAdminErrorText();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { type } = definition;
  const { enumValue } = useResourceLabels(definition);
  const title = recordTitle(definition, record, enumValue);
  const trashed = isSoftDeleted(record);

  const run = async (command: RecordCommand) => {
    setBusy(true);
    try {
      const answer = await resourceApi[command](api, type, record.id);
      setConfirming(false);
      toast(t(`admin.resources.${command}.done`, { title }), 'success');
      onDone(command, answer.meta?.position);
    } catch (error) {
      setConfirming(false);
      onError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="actions">
      {links && may(definition, 'show', viewer) ? (
        <ButtonLink
          size="small"
          variant="secondary"
          href={resourcePaths.show(type, record.id)}
          aria-label={t('admin.resources.show.label', { title })}
        >
          {t('admin.resources.show')}
        </ButtonLink>
      ) : null}
      {links && !trashed && may(definition, 'update', viewer) ? (
        <ButtonLink
          size="small"
          variant="secondary"
          href={resourcePaths.update(type, record.id)}
          aria-label={t('admin.resources.edit.label', { title })}
        >
          {t('admin.resources.edit')}
        </ButtonLink>
      ) : null}
      {links && may(definition, 'show', viewer) ? (
        <ButtonLink
          size="small"
          variant="secondary"
          href={resourcePaths.history(type, record.id)}
          aria-label={t('admin.resources.history.label', { title })}
        >
          {t('admin.resources.history')}
        </ButtonLink>
      ) : null}
      {definition.softDeletable && !trashed && may(definition, 'softDelete', viewer) ? (
        <Button
          size="small"
          variant="secondary"
          isDisabled={busy}
          aria-label={t('admin.resources.softDelete.label', { title })}
          onPress={() => void run('softDelete')}
        >
          {t('admin.resources.softDelete')}
        </Button>
      ) : null}
      {definition.softDeletable && trashed && may(definition, 'restore', viewer) ? (
        <Button
          size="small"
          isDisabled={busy}
          aria-label={t('admin.resources.restore.label', { title })}
          onPress={() => void run('restore')}
        >
          {t('admin.resources.restore')}
        </Button>
      ) : null}
      {/* a kept fixed row (the job "other") is refused by the server: no button for it */}
      {may(definition, 'delete', viewer) && !definition.fixedRows.kept.includes(record.id) ? (
        <Button
          size="small"
          variant="danger"
          isDisabled={busy}
          aria-label={t('admin.resources.delete.label', { title })}
          onPress={() => setConfirming(true)}
        >
          {t('admin.resources.delete')}
        </Button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('admin.resources.delete.title', { title })}
          cancelLabel={t('admin.cancel')}
          confirmLabel={t('admin.resources.delete.confirm')}
          pending={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => run('delete')}
        >
          <p>{t('admin.resources.delete.warning')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
