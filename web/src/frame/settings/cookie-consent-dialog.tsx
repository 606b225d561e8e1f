import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useConsent, useConsentDialogState } from '../../kit/consent/consent-context.tsx';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { useT, type MessageId } from '../../kit/i18n/use-t.ts';
import { COOKIE_CATALOGUE, normaliseConsent, type CookieConsent } from '../../kit/state/consent.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { Switch } from '../../kit/ui/switch.tsx';

const Item = styled.li`
  display: flex;
  flex-direction: column;
  padding: 0.75rem 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  p {
    margin: 0.25rem 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 1rem 0 0;
  padding: 0;
`;

const NAMES: Record<string, { name: MessageId; description: MessageId }> = {
  essentials: { name: 'cookies.essentials', description: 'cookies.essentials.description' },
  youtube: { name: 'cookies.youtube', description: 'cookies.youtube.description' },
  vimeo: { name: 'cookies.vimeo', description: 'cookies.vimeo.description' },
};

/**
 * Cookie settings (seed 000 §4): on a first visit it opens by itself and stays until a choice is saved; later
 * the footer button opens it again. Each provider can be accepted or rejected, or all at once.
 */
export function CookieConsentDialog() {
  const t = useT();
  const toast = useToast();
  const { actor } = useConsent();
  const { open, persistent, saved } = useConsentDialogState();
  const [choices, setChoices] = useState<CookieConsent>(() => normaliseConsent(saved));

  // each opening starts from what is saved, not from an abandoned edit
  useEffect(() => {
    if (open) setChoices(normaliseConsent(saved));
  }, [open, saved]);

  const done = (event: Parameters<typeof actor.send>[0]) => {
    actor.send(event);
    toast(t('cookies.saved'), 'success');
  };

  return (
    <Dialog
      title={t('cookies.title')}
      isOpen={open}
      persistent={persistent}
      onOpenChange={(isOpen) => !isOpen && actor.send({ type: 'dialog.dismiss' })}
      size="normal"
      actions={
        <>
          <Button variant="secondary" onPress={() => done({ type: 'consent.rejectAll' })}>
            {t('cookies.rejectAll')}
          </Button>
          <Button variant="secondary" onPress={() => done({ type: 'consent.save', choices })}>
            {t('cookies.save')}
          </Button>
          <Button onPress={() => done({ type: 'consent.acceptAll' })}>{t('cookies.acceptAll')}</Button>
        </>
      }
    >
      <p>{t('cookies.description')}</p>
      <List>
        {COOKIE_CATALOGUE.map((c) => (
          <Item key={c.id}>
            <Switch
              isSelected={c.required || choices[c.id] === true}
              isDisabled={c.required}
              onChange={(on) => setChoices((prev) => ({ ...prev, [c.id]: on }))}
            >
              {t(NAMES[c.id]!.name)}
              {c.required ? ` (${t('cookies.alwaysOn')})` : ''}
            </Switch>
            <p>{t(NAMES[c.id]!.description)}</p>
          </Item>
        ))}
      </List>
    </Dialog>
  );
}
