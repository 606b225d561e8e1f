import { AAC_ACCESS_TYPES, AAC_INTEGRATION_TYPES } from '@platform/contracts/aac/records';
import { useCallback } from 'react';
import styled from 'styled-components';
import { useT } from '../../kit/i18n/use-t.ts';
import { Link } from '../../kit/ui/link.tsx';
import type en from './messages/en.json';

/** The pieces the AAC catalogue's screens share: the messages, the fixed types' words, the frame of a product. */

export type AacMessages = typeof en;
export const useAacT = () => useT<AacMessages>();

type AccessType = (typeof AAC_ACCESS_TYPES)[number];
type IntegrationType = (typeof AAC_INTEGRATION_TYPES)[number];

const ACCESS_TYPE_WORDS: Record<AccessType, keyof AacMessages> = {
  pointing: 'aac.accessType.pointing',
  head_pointer: 'aac.accessType.head_pointer',
  eye_pointer: 'aac.accessType.eye_pointer',
  scanning: 'aac.accessType.scanning',
};
const INTEGRATION_TYPE_WORDS: Record<IntegrationType, keyof AacMessages> = {
  direct: 'aac.integrationType.direct',
  third_party: 'aac.integrationType.third_party',
};

const isAccessType = (id: string): id is AccessType => (AAC_ACCESS_TYPES as readonly string[]).includes(id);
const isIntegrationType = (id: string): id is IntegrationType =>
  (AAC_INTEGRATION_TYPES as readonly string[]).includes(id);

/** The fixed lists' ids in words (seed 001 §4); an id this build does not know is shown as it is. */
export function useFixedWords() {
  const t = useAacT();
  const accessType = useCallback((id: string) => (isAccessType(id) ? t(ACCESS_TYPE_WORDS[id]) : id), [t]);
  const integrationType = useCallback(
    (id: string) => (isIntegrationType(id) ? t(INTEGRATION_TYPE_WORDS[id]) : id),
    [t],
  );
  return { accessType, integrationType };
}

/** The access types in the seed's order (pointing, head pointer, eye pointer, scanning), unknown ones last. */
export function inAccessOrder(ids: readonly string[]): string[] {
  const rank = (id: string) => {
    const at = (AAC_ACCESS_TYPES as readonly string[]).indexOf(id);
    return at === -1 ? AAC_ACCESS_TYPES.length : at;
  };
  return [...new Set(ids)].sort((a, b) => rank(a) - rank(b));
}

/** A product's page: its text wraps anywhere, its facts one under the other, its sections spaced. */
export const Detail = styled.article`
  overflow-wrap: anywhere;
  h2 {
    font-size: 1.375rem;
    margin: 2rem 0 0.75rem;
  }
  .hero {
    display: block;
    max-width: min(100%, 24rem);
    height: auto;
    border-radius: 0.5rem;
    margin: 1rem 0;
  }
  .lead {
    font-size: 1.125rem;
  }
  ul {
    padding-inline-start: 1.5rem;
  }
  li {
    margin-bottom: 0.25rem;
  }
  /* a note keeps the lines its writer gave it */
  .note {
    margin: 0.25rem 0 0.5rem;
    white-space: pre-line;
  }
`;

/** Each fact's name above its value: nothing squeezed side by side with large text at 320 px. */
export const Facts = styled.dl`
  margin: 1rem 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0 0 0.75rem;
    min-width: 0;
  }
  dd ul {
    margin: 0;
  }
`;

/** Actions side by side while they fit, one under the other on a narrow window. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1rem;
  align-items: center;
  margin: 1.5rem 0;
`;

/** The way back from a product's page or the comparison to the catalogue. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <p>
      <Link href={href}>{label}</Link>
    </p>
  );
}
