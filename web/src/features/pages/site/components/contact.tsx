import styled from 'styled-components';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { ButtonLink } from '../../../../kit/ui/link.tsx';
import { BlockTitle, Inner } from './block.tsx';
import { RichText } from '../../../../kit/rich-text/rich-text.tsx';

const Card = styled.div<{ $imageMax: number }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 2rem 1.5rem;
  border-radius: 0.75rem;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12);
  text-align: center;
  img {
    max-height: ${({ $imageMax }) => $imageMax}px;
    max-width: 100%;
  }
  address {
    font-style: normal;
    white-space: pre-line;
    font-weight: 500;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.75rem;
  }
`;

/**
 * contact (seed 000 §2.8, §9): title, image, address, content and the contact-us and newsletter buttons
 * (/contact-us and /newsletter/subscribe unless the editor chose other pages); at most 700 px wide, the image
 * 100 px high beside an address, else 200.
 */
export function Contact({ props }: { props: ComponentProps<'contact'> }) {
  const t = useT();
  const hasAddress = props.address.trim() !== '';
  return (
    <Inner $narrow={700}>
      <Card $imageMax={hasAddress ? 100 : 200}>
        {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
        {props.image ? <img src={props.image.url} alt={props.image.alt} loading="lazy" /> : null}
        {hasAddress ? <address>{props.address}</address> : null}
        <RichText html={props.content} />
        {props.showContactUsButton || props.showNewsletterButton ? (
          <div className="actions">
            {props.showContactUsButton ? (
              <ButtonLink href={props.contactUsPath}>{t('cms.contactUs')}</ButtonLink>
            ) : null}
            {props.showNewsletterButton ? (
              <ButtonLink href={props.newsletterPath} variant="secondary">
                {t('cms.newsletter')}
              </ButtonLink>
            ) : null}
          </div>
        ) : null}
      </Card>
    </Inner>
  );
}
