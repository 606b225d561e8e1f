import { useId, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { useMediaQuery } from '../../../../kit/ui/media-query.ts';
import { Button } from '../../../../kit/ui/button.tsx';
import { Link } from '../../../../kit/ui/link.tsx';
import { Inner, useBlock } from './block.tsx';
import { CmsButtonLink } from './cms-link.tsx';
import { fluidSize, fluidSpace } from '../../../../kit/theme/theme.ts';

const Card = styled.div`
  display: flex;
  gap: 1.5rem;
  align-items: center;
  max-width: 40rem;
  margin: 0 auto;
  padding: ${fluidSpace(1.5)};
  border-radius: 0.75rem;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12);
  .avatar {
    flex: none;
    width: ${({ theme }) => theme.layout.contactCardAvatar}px;
    height: ${({ theme }) => theme.layout.contactCardAvatar}px;
    border-radius: 50%;
    object-fit: cover;
    display: grid;
    place-items: center;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-size: 2.5rem;
    font-weight: 700;
  }
  h2 {
    margin: 0;
    font-size: ${fluidSize(1.5)};
  }
  .job {
    margin: 0.25rem 0 0.75rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dl {
    margin: 0.75rem 0;
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.25rem 0.75rem;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media ${({ theme }) => theme.media.mobile} {
    flex-direction: column;
    text-align: center;
    dl {
      text-align: left;
    }
  }
`;

const initials = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();

/**
 * contact card: name, job title, avatar (128 px), e-mail, phone and a contact button. On desktop the details
 * fold behind a toggle when the editor made the card collapsible; on mobile they are always shown.
 */
export function ContactCard({ props }: { props: ComponentProps<'contact-card'> }) {
  const t = useT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.media.desktop);
  const { headingId } = useBlock();
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const collapsible = props.collapsible && desktop;
  const showDetails = !collapsible || expanded;
  const hasDetails = Boolean(props.email || props.phone || props.contactButton);
  const name = `${props.firstName} ${props.lastName}`.trim();

  return (
    <Inner>
      <Card>
        {props.avatar ? (
          <img className="avatar" src={props.avatar.url} alt={props.avatar.alt} />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initials(props.firstName, props.lastName)}
          </span>
        )}
        <div>
          <h2 id={headingId}>{name}</h2>
          {props.title ? <p className="job">{props.title}</p> : null}
          {hasDetails && collapsible ? (
            <Button
              variant="text"
              size="small"
              aria-expanded={expanded}
              aria-controls={detailsId}
              onPress={() => setExpanded(!expanded)}
            >
              {expanded ? t('cms.hideContactDetails') : t('cms.showContactDetails')}
            </Button>
          ) : null}
          {hasDetails ? (
            <div id={detailsId} hidden={!showDetails}>
              {props.email || props.phone ? (
                <dl>
                  {props.email ? (
                    <>
                      <dt>{t('cms.email')}</dt>
                      <dd>
                        <Link href={`mailto:${props.email}`}>{props.email}</Link>
                      </dd>
                    </>
                  ) : null}
                  {props.phone ? (
                    <>
                      <dt>{t('cms.phone')}</dt>
                      <dd>
                        <Link href={`tel:${props.phone.replace(/[^\d+]/g, '')}`}>{props.phone}</Link>
                      </dd>
                    </>
                  ) : null}
                </dl>
              ) : null}
              {props.contactButton ? <CmsButtonLink link={props.contactButton} /> : null}
            </div>
          ) : null}
        </div>
      </Card>
    </Inner>
  );
}
