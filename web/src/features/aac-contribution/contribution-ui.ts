import { useCallback } from 'react';
import { isErrorCode } from '../../kit/api/errors.ts';
import { serverMessageId } from '../../kit/api/field-errors.ts';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import type { ReferenceChoice } from './contribution.machine.ts';
import {
  DESCRIPTION_MAX_LENGTH,
  MAX_LENGTH,
  type Field,
  type FieldProblem,
  type ListName,
} from './contribution-values.ts';
import type en from './messages/en.json';

export type ContributionMessages = typeof en;
export const useContributionT = () => useT<ContributionMessages>();

const LIMITS: Partial<Record<Field, number>> = { ...MAX_LENGTH, description: DESCRIPTION_MAX_LENGTH };

/**
 * A problem as the member reads it: the form's own in this module's words, the server's as the translation of its
 * code where the locale has one, else its detail.
 */
export function useProblemText() {
  const t = useContributionT();
  const lookup = useMessageLookup();
  return useCallback(
    (field: Field | 'form', problem: FieldProblem | undefined): string | undefined => {
      if (!problem) return undefined;
      if (problem.kind === 'client') {
        if (problem.problem === 'required') return t('aacContribution.problem.nameRequired');
        if (problem.problem === 'website') return t('aacContribution.problem.website');
        return t('aacContribution.problem.tooLong', { max: field === 'form' ? 0 : (LIMITS[field] ?? 0) });
      }
      const known = isErrorCode(problem.code) ? lookup(serverMessageId(problem.code)) : undefined;
      return known ?? problem.detail ?? t('aacContribution.problem.invalid');
    },
    [t, lookup],
  );
}

/**
 * A choice's name in the reader's language: the fixed lists (access and integration types) are named by their ids,
 * which this module translates; the others by the names their moderators gave them.
 */
export function useChoiceLabel() {
  const lookup = useMessageLookup();
  return useCallback(
    (list: ListName, choice: ReferenceChoice): string =>
      (list === 'accessTypes' || list === 'integrationType'
        ? lookup(`aacContribution.${list === 'accessTypes' ? 'accessType' : 'integrationType'}.${choice.id}`)
        : undefined) ?? choice.name,
    [lookup],
  );
}
