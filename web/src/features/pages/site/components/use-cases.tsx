import styled from 'styled-components';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { BlockTitle, Inner } from './block.tsx';
import { CmsTextLink } from './cms-link.tsx';
import { RichText } from '../../../../kit/rich-text/rich-text.tsx';

const Rows = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2.5rem;
`;

const Row = styled.li<{ $imageRight: boolean }>`
  display: flex;
  flex-direction: ${({ $imageRight }) => ($imageRight ? 'row-reverse' : 'row')};
  align-items: center;
  gap: 2rem;
  .media {
    flex: 0 0 40%;
  }
  .media img {
    display: block;
    width: 100%;
    border-radius: 0.75rem;
  }
  .media.number {
    display: grid;
    place-items: center;
    flex-basis: 6rem;
    height: 6rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-size: 2.25rem;
    font-weight: 700;
  }
  .text {
    flex: 1;
  }
  h2,
  h3 {
    margin: 0 0 0.5rem;
  }
  @media ${({ theme }) => theme.media.mobile} {
    flex-direction: column;
    align-items: flex-start;
    .media {
      flex-basis: auto;
      width: 100%;
    }
    .media.number {
      width: 4rem;
      height: 4rem;
      font-size: 1.5rem;
    }
  }
`;

/** use cases: items alternating left and right (from startSide); stacked on small screens. */
export function UseCases({ props }: { props: ComponentProps<'use-cases'> }) {
  const Heading = props.title ? 'h3' : 'h2';
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Rows>
        {props.items.map((item, i) => {
          const left = (i % 2 === 0) === (props.startSide === 'left');
          return (
            <Row key={`${i}-${item.title}`} $imageRight={!left}>
              {item.image ? (
                <div className="media">
                  <img src={item.image.url} alt={item.image.alt} loading="lazy" />
                </div>
              ) : (
                <div className="media number" aria-hidden="true">
                  {i + 1}
                </div>
              )}
              <div className="text">
                <Heading>{item.title}</Heading>
                <RichText html={item.description} />
                {item.link ? (
                  <p>
                    <CmsTextLink link={item.link} />
                  </p>
                ) : null}
              </div>
            </Row>
          );
        })}
      </Rows>
    </Inner>
  );
}
