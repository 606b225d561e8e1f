import {
  Dialog as AriaDialog,
  Heading,
  Modal,
  ModalOverlay,
  type DialogProps as AriaDialogProps,
} from 'react-aria-components';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useT } from '../i18n/use-t.ts';
import { fluidSize, fluidSpace, layout } from '../theme/theme.ts';
import { Button } from './button.tsx';

export type DialogSize = keyof typeof layout.dialogWidth;

export interface DialogProps extends Omit<AriaDialogProps, 'children'> {
  title: string;
  isOpen: boolean;
  onOpenChange?: (open: boolean) => void;
  /** seed 000 §2.9 widths: extraLarge 1600, large 1100, normal 600, small 400 */
  size?: DialogSize;
  /**
   * A persistent dialog (first-visit cookie consent, expired session) ignores Escape and clicks outside:
   * it closes only through one of its own actions.
   */
  persistent?: boolean;
  /**
   * The dialog holds edits that are not saved: Escape or a click outside asks before closing it, since either
   * is easily done by mistake. Its own Cancel button, a deliberate choice, closes it at once.
   */
  unsaved?: boolean;
  children: React.ReactNode;
  actions?: React.ReactNode;
}

export const Overlay = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${fluidSpace(1)};
  background: ${({ theme }) => theme.colors.scrim};
`;

const Surface = styled(Modal)<{ $width: number }>`
  /* in rem, so that the dialog grows with the reader's text (the seed's px at the default 16 px) */
  width: min(${({ $width }) => $width / 16}rem, 100%);
  max-height: calc(100dvh - 2rem);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: 0.75rem;
  box-shadow: 0 16px 48px rgba(0, 0, 0, 0.35);
`;

const Body = styled(AriaDialog)`
  padding: ${fluidSpace(1.5)};
  outline: none;
  h2 {
    margin: 0 0 1rem;
    font-size: ${fluidSize(1.375)};
  }
`;

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.75rem;
  margin-top: 1.5rem;
`;

export function Dialog({
  title,
  isOpen,
  onOpenChange,
  size = 'normal',
  persistent = false,
  unsaved = false,
  children,
  actions,
  ...props
}: DialogProps) {
  const [asking, setAsking] = useState(false);
  /** where the reader was when the question came: they are put back there when they keep editing */
  const askedFrom = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (asking) return;
    const from = askedFrom.current;
    askedFrom.current = null;
    // at once, once the question is gone: the dialog's own focus scope, finding the focus nowhere, would otherwise
    // put it on the dialog itself when the question's own return of the focus comes late (a busy machine)
    if (from?.isConnected) from.focus();
  }, [asking]);
  const ask = () => {
    askedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsking(true);
  };
  return (
    <Overlay
      isOpen={isOpen}
      onOpenChange={(open) => (!open && unsaved ? ask() : onOpenChange?.(open))}
      isDismissable={!persistent}
      isKeyboardDismissDisabled={persistent}
    >
      <Surface $width={layout.dialogWidth[size]}>
        <Body {...props}>
          <Heading slot="title">{title}</Heading>
          {children}
          {actions ? <DialogActions>{actions}</DialogActions> : null}
          {unsaved ? (
            <DiscardQuestion
              isOpen={asking}
              onKeep={() => setAsking(false)}
              onDiscard={() => {
                setAsking(false);
                onOpenChange?.(false);
              }}
            />
          ) : null}
        </Body>
      </Surface>
    </Overlay>
  );
}

/** Asked over a dialog with unsaved edits that Escape or a click outside would close. */
function DiscardQuestion({
  isOpen,
  onKeep,
  onDiscard,
}: {
  isOpen: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      title={t('dialog.discard.title')}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onKeep())}
      size="small"
      role="alertdialog"
      actions={
        <>
          <Button variant="secondary" onPress={onKeep} autoFocus>
            {t('dialog.discard.keep')}
          </Button>
          <Button variant="danger" onPress={onDiscard}>
            {t('dialog.discard.discard')}
          </Button>
        </>
      }
    >
      <p>{t('dialog.discard.description')}</p>
    </Dialog>
  );
}
