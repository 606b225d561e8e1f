import { INSTALLATION_ID } from '@platform/contracts/software/records';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { fieldOfPointer, formErrorsOf, type FieldErrors } from '../../kit/api/field-errors.ts';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { TextField } from '../../kit/ui/text-field.tsx';
import type en from './messages/en.json';
import { associateInstallation, isAssociationConflict, type AssociationConflict } from './software-api.ts';

const NAME_MAX_LENGTH = 255;
const ID_MAX_LENGTH = 100;

const Root = styled(Form)`
  min-width: 0;
  max-width: 40rem;
  h3 {
    margin: 0 0 0.75rem;
    font-size: 1.0625rem;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`;

/** Where a refusal's pointer goes: the installation id's field, the name's, or above the form. */
function fieldOf(pointer: string | undefined): string {
  const field = fieldOfPointer(pointer);
  return field === 'installationId' || field === 'name' ? field : '_form';
}

/** Why the server refused an association it could not take (409), for the card to say and to read again. */
export type AssociationRefusal = Exclude<AssociationConflict, 'conflict.already_associated'> | 'not-yours';

/**
 * The form that associates an installation with one authorization: the id the software shows on the device
 * (checked here for its shape, then by the server, whose 422 goes on the field), an optional name. An installation
 * associated already is said on its field; a refusal that changes what the card shows (the service full, not in
 * force, or no longer the member's) is the card's (`onRefused`). Once associated, `onAssociated` reads the list
 * at the answer's position.
 */
export function AssociateForm({
  authorizationId,
  headingId,
  formRef,
  onAssociated,
  onRefused,
}: {
  authorizationId: string;
  headingId: string;
  formRef: RefObject<HTMLFormElement | null>;
  onAssociated: (answer: { position: string; installation: string }) => Promise<void>;
  onRefused: (why: AssociationRefusal) => void;
}) {
  const t = useT<typeof en>();
  const api = useApi();
  const lookup = useMessageLookup();
  const [installationId, setInstallationId] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  // after a refused attempt, the first field to fix (or the form's message) takes the focus
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[data-invalid] input, [role="alert"][tabindex]')?.focus();
  }, [attempt, formRef]);

  const refuse = (next: FieldErrors) => {
    setErrors(next);
    setAttempt((n) => n + 1);
  };

  const submit = async () => {
    if (sending) return;
    const id = installationId.trim();
    if (!id) return refuse({ installationId: t('mySoftware.associate.idRequired') });
    if (!INSTALLATION_ID.test(id)) return refuse({ installationId: t('mySoftware.associate.idMalformed') });
    setErrors({});
    setSending(true);
    try {
      const answer = await associateInstallation(api, { authorizationId, installationId: id, name });
      setInstallationId('');
      setName('');
      await onAssociated({ position: answer.position, installation: name.trim() || id });
    } catch (error) {
      const code = error instanceof ApiError ? error.errors[0]?.code : undefined;
      if (error instanceof ApiError && error.kind === 'conflict' && isAssociationConflict(code)) {
        if (code === 'conflict.already_associated')
          refuse({ installationId: t('mySoftware.associate.alreadyAssociated') });
        else onRefused(code);
      } else if (error instanceof ApiError && error.kind === 'conflict') {
        refuse({ _form: t('mySoftware.associate.conflict') });
      } else if (error instanceof ApiError && error.kind === 'not-found') {
        onRefused('not-yours');
      } else {
        const found = formErrorsOf(error, lookup, fieldOf);
        refuse(
          found
            ? {
                ...found,
                // the server's word is about the id as typed: no installation has it (or it is malformed)
                ...(found.installationId ? { installationId: t('mySoftware.associate.idUnknown') } : {}),
              }
            : { _form: t('mySoftware.associate.failed') },
        );
      }
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  return (
    <Root
      ref={formRef}
      validationBehavior="aria"
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id={headingId}>{t('mySoftware.associate.title')}</h3>
      {errors._form ? (
        <div role="alert" tabIndex={-1}>
          <NoticeBox $tone="error">{errors._form}</NoticeBox>
        </div>
      ) : null}
      <TextField
        label={t('mySoftware.associate.installationId')}
        description={t('mySoftware.associate.installationIdHelp')}
        isRequired
        autoComplete="off"
        spellCheck="false"
        autoCorrect="off"
        value={installationId}
        onChange={setInstallationId}
        maxLength={ID_MAX_LENGTH}
        errorMessage={errors.installationId}
      />
      <TextField
        label={t('mySoftware.associate.name')}
        description={t('mySoftware.associate.nameHelp')}
        autoComplete="off"
        value={name}
        onChange={setName}
        maxLength={NAME_MAX_LENGTH}
        errorMessage={errors.name}
      />
      <div className="buttons">
        <Button type="submit" isDisabled={sending}>
          {t('mySoftware.associate.submit')}
        </Button>
      </div>
    </Root>
  );
}
