import { PASSWORD_MIN_LENGTH } from '@platform/contracts/auth/requests';
import { useT } from '../../../kit/i18n/use-t.ts';
import { TextField } from '../../../kit/ui/text-field.tsx';
import type en from './messages/en.json';
import type { AuthForm } from './use-auth-form.ts';

type Bound = ReturnType<AuthForm<string>['field']>;

/** The e-mail address of the auth forms: the address keyboard, the browser's saved address. */
export function EmailField(props: Bound) {
  const t = useT<typeof en>();
  return (
    <TextField
      {...props}
      label={t('auth.field.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      isRequired
    />
  );
}

/** A new password with its rule, then the same again (register, reset): for password managers to fill in. */
export function NewPasswordFields({
  password,
  confirmation,
  label,
}: {
  password: Bound;
  confirmation: Bound;
  label: string;
}) {
  const t = useT<typeof en>();
  return (
    <>
      <TextField
        {...password}
        label={label}
        description={t('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        type="password"
        autoComplete="new-password"
        isRequired
      />
      <TextField
        {...confirmation}
        label={t('auth.field.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        isRequired
      />
    </>
  );
}
