import styled from 'styled-components';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { Link } from '../../../../kit/ui/link.tsx';

const Banner = styled.figure`
  margin: 0;
  img {
    display: block;
    width: 100%;
    max-height: 480px;
    object-fit: cover;
  }
  a {
    display: block;
  }
`;

/** image banner: a full-width image, optionally a link (its label names the link when the image has no alt). */
export function ImageBanner({ props }: { props: ComponentProps<'image-banner'> }) {
  const { image, link } = props;
  const img = <img src={image.url} alt={image.alt} loading="lazy" />;
  if (!link) return <Banner>{img}</Banner>;
  const name = image.alt.trim() ? undefined : link.label;
  return (
    <Banner>
      {link.kind === 'internal' ? (
        <Link href={link.path} aria-label={name}>
          {img}
        </Link>
      ) : (
        <Link href={link.url} aria-label={name} external>
          {img}
        </Link>
      )}
    </Banner>
  );
}
