import { useCallback } from 'react';
import { isErrorCode } from '../../../kit/api/errors.ts';
import { serverMessageId } from '../../../kit/api/field-errors.ts';
import { useMessageLookup, useT } from '../../../kit/i18n/use-t.ts';
import type en from './messages/en.json';
import type { FieldProblem, FormProblem, ProblemField } from './two-factor-sign-in.machine.ts';

/**
 * Puts a field problem into words (seed 000 §5): local checks and refused codes have this module's messages; a
 * server code is translated when this module or the shell knows it (validation prefix removed), else the
 * server's detail is shown.
 */
export function useProblemMessage() {
  const t = useT<typeof en>();
  const lookup = useMessageLookup();
  return useCallback(
    (field: ProblemField, problem: FieldProblem | undefined): string | undefined => {
      if (!problem) return undefined;
      const recovery = field === 'recoveryCode';
      switch (problem.reason) {
        case 'required':
          return t('twoFactor.error.required');
        case 'format':
          return t(recovery ? 'twoFactor.error.recoveryCodeFormat' : 'twoFactor.error.codeFormat');
        case 'invalid':
          return t(recovery ? 'twoFactor.error.invalidRecoveryCode' : 'twoFactor.error.invalidCode');
        case 'replayed':
          return t('twoFactor.error.replayedCode');
        case 'server': {
          if (problem.code === 'validation.invalid_credentials' && field === 'password') {
            return t('twoFactor.serverError.invalid_password');
          }
          const own = problem.code ? lookup(`twoFactor.${serverMessageId(problem.code)}`) : undefined;
          const shell = isErrorCode(problem.code) ? lookup(serverMessageId(problem.code)) : undefined;
          return own ?? shell ?? problem.detail ?? t('twoFactor.error.unexpected');
        }
      }
    },
    [t, lookup],
  );
}

export function useFormProblemMessage() {
  const t = useT<typeof en>();
  return useCallback(
    (problem: FormProblem | null): string | null => {
      if (problem === null) return null;
      if (problem === 'network') return t('twoFactor.error.network');
      if (problem === 'unavailable') return t('twoFactor.error.unavailable');
      return t('twoFactor.error.unexpected');
    },
    [t],
  );
}
