import styled from 'styled-components';
import { useT } from '../../../kit/i18n/use-t.ts';
import { fluidSize, fluidSpace } from '../../../kit/theme/theme.ts';
import { ButtonLink } from '../../../kit/ui/link.tsx';
import { pagePaths } from './paths.ts';

const Floating = styled.div`
  position: fixed;
  left: 1rem;
  bottom: 1rem;
  z-index: 40;
  > * {
    box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25);
  }
  @media ${({ theme }) => theme.media.mobile} {
    left: ${fluidSpace(1)};
    bottom: ${fluidSpace(1)};
    > a {
      min-width: ${fluidSize(2.75, 2.75 / 2)};
      min-height: ${fluidSize(2.75, 2.75 / 2)};
      padding: ${fluidSpace(0.5)};
      font-size: ${fluidSize(1, 0.75)};
    }
  }
`;

const PencilIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
    />
  </svg>
);

/** Seed 000 §2.7: at the left of a CMS page, for application administrators, the way to the page's editor. */
export function EditPageButton({ pageId }: { pageId: string }) {
  const t = useT();
  return (
    <Floating>
      <ButtonLink href={pagePaths.edit(pageId)} aria-label={t('cms.editPage')}>
        <PencilIcon />
      </ButtonLink>
    </Floating>
  );
}
