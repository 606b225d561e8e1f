import { lightUserFormPath } from '@platform/contracts/contacts/records';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Notice } from '../../kit/admin/admin-ui.tsx';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { ActionBar } from '../../kit/admin/resources/resource-ui.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { useContactsAdminT } from './contacts-admin-ui.ts';

/** How long "Link copied" stays on screen: long enough to read, gone before it is stale. */
const SAID_FOR_MS = 5_000;

const Said = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * On a contact form's screen in the back office: its public link (seed 001 §2, /services/forms/{id}?t={token}),
 * whole, to give to the visitors the form is for: shown in a read-only field (selectable by hand), copied by a
 * button (what happened said in a live region) or opened in a new tab. A new link is made by emptying the token on
 * the edit form, after which this shows the new one.
 */
export function LightUserFormLink({ record }: ShowActionsProps) {
  const t = useContactsAdminT();
  const [said, setSaid] = useState('');
  const clear = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (clear.current) clearTimeout(clear.current);
    },
    [],
  );
  const token = typeof record.attributes.token === 'string' ? record.attributes.token : null;
  const url = token ? `${window.location.origin}${lightUserFormPath(record.id, token)}` : null;

  const say = (message: string) => {
    setSaid(message);
    if (clear.current) clearTimeout(clear.current);
    clear.current = setTimeout(() => setSaid(''), SAID_FOR_MS);
  };
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      say(t('contactsAdmin.formLink.copied'));
    } catch {
      // no clipboard here (an insecure origin, a refusal): the field still lets the reader copy it by hand
      say(t('contactsAdmin.formLink.copyFailed'));
    }
  };

  return (
    <section aria-labelledby="light-user-form-link">
      <h2 id="light-user-form-link">{t('contactsAdmin.formLink.heading')}</h2>
      {url ? (
        <>
          <TextField
            label={t('contactsAdmin.formLink.label')}
            description={t(
              record.attributes.isOffline === true
                ? 'contactsAdmin.formLink.helpOffline'
                : 'contactsAdmin.formLink.help',
            )}
            value={url}
            isReadOnly
            spellCheck="false"
          />
          <ActionBar>
            <Button variant="secondary" onPress={() => void copy(url)}>
              {t('contactsAdmin.formLink.copy')}
            </Button>
            <ButtonLink variant="secondary" href={url} external>
              {t('contactsAdmin.formLink.open')}
            </ButtonLink>
            <Said role="status" aria-live="polite" aria-atomic="true">
              {said}
            </Said>
          </ActionBar>
        </>
      ) : (
        <Notice>{t('contactsAdmin.formLink.none')}</Notice>
      )}
    </section>
  );
}
