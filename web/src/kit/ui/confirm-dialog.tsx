import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { NoticeBox } from './notice-box.ts';

/**
 * A question asked before something that cannot be undone (a delete, leaving unsaved edits): a small alert
 * dialog whose Cancel has focus, so that Enter or Space by habit keeps what is there, beside the destructive
 * confirmation. While `pending` (the command on its way) both are disabled and the dialog stays open; an `error`
 * is said in it at once.
 */
export function ConfirmDialog({
  title,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  isOpen = true,
  pending = false,
  error,
  children,
}: {
  title: string;
  cancelLabel: string;
  confirmLabel: string;
  /** Cancel, Escape or a click outside */
  onCancel: () => void;
  onConfirm: () => void | Promise<void>;
  /** a dialog kept mounted says here whether it is open; one rendered only while asked is open */
  isOpen?: boolean;
  pending?: boolean;
  error?: string | null;
  /** what the confirmation does, in a sentence or two */
  children: ReactNode;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      role="alertdialog"
      size="small"
      title={title}
      onOpenChange={(open) => !open && !pending && onCancel()}
      actions={
        <>
          <Button variant="secondary" isDisabled={pending} onPress={onCancel} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant="danger" isDisabled={pending} onPress={() => void onConfirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error ? (
        <div role="alert">
          <NoticeBox $tone="error">{error}</NoticeBox>
        </div>
      ) : null}
    </Dialog>
  );
}
