import { useCallback, useEffect, useRef, useState } from 'react';
import { useMessageLookup, useT } from '../../../kit/i18n/use-t.ts';
import { describeAuthError, type Translate } from './auth-errors.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface AuthForm<F extends string> {
  values: Record<F, string>;
  errors: FieldErrors<F>;
  /** one message for the whole form (429, a refusal that names no field), shown in a role="alert" */
  formError: string | null;
  pending: boolean;
  formRef: React.RefObject<HTMLFormElement | null>;
  alertRef: React.RefObject<HTMLDivElement | null>;
  /** the props of a TextField bound to one field */
  field: (name: F) => {
    name: F;
    value: string;
    onChange: (value: string) => void;
    errorMessage: string | undefined;
  };
  setValue: (name: F, value: string) => void;
  /** the submit handler: checks, then runs `send` once at a time; a failure lands on its fields */
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** shows problems found outside the form's own flow */
  fail: (problems: { fields?: FieldErrors<F>; form?: string | null }) => void;
}

/**
 * A form of the auth screens: what was typed is kept whatever happens (seed 000 §5), a second submit while one
 * is on its way does nothing, and after a failed submit the first invalid field (or the form's alert) gets
 * focus, so a keyboard or screen-reader user lands on what to fix.
 */
export function useAuthForm<F extends string>(options: {
  initial: Record<F, string>;
  /** client-side checks before sending: field -> message */
  check?: (values: Record<F, string>, t: Translate) => FieldErrors<F>;
  send: (values: Record<F, string>) => Promise<void>;
  /** a failed send that the screen handles itself (return true), before the generic mapping */
  handle?: (error: unknown) => boolean;
}): AuthForm<F> {
  const t = useT() as Translate;
  const lookup = useMessageLookup();
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const alertRef = useRef<HTMLDivElement | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const fieldNames = Object.keys(options.initial) as F[];

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? alertRef.current)?.focus();
  }, [focusRequest]);

  const fail = useCallback((problems: { fields?: FieldErrors<F>; form?: string | null }) => {
    setErrors(problems.fields ?? {});
    setFormError(problems.form ?? null);
    setFocusRequest((n) => n + 1);
  }, []);

  const setValue = useCallback((name: F, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }, []);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const found = latest.current.check?.(values, t) ?? {};
    if (Object.values(found).some(Boolean)) {
      fail({ fields: found });
      return;
    }
    busy.current = true;
    setPending(true);
    setErrors({});
    setFormError(null);
    void latest.current
      .send(values)
      .catch((error: unknown) => {
        if (latest.current.handle?.(error)) return;
        let problems;
        try {
          problems = describeAuthError(error, fieldNames, lookup, t);
        } catch {
          // not an answer of the server (a bug on this side): say it was not done, keep what was typed
          problems = { fields: {}, form: t('auth.error.notSent') };
        }
        if (Object.keys(problems.fields).length > 0 || problems.form) fail(problems);
      })
      .finally(() => {
        busy.current = false;
        setPending(false);
      });
  };

  return {
    values,
    errors,
    formError,
    pending,
    formRef,
    alertRef,
    field: (name) => ({
      name,
      value: values[name],
      onChange: (value) => setValue(name, value),
      errorMessage: errors[name],
    }),
    setValue,
    onSubmit,
    fail,
  };
}
