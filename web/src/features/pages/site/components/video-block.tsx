import { useState } from 'react';
import styled from 'styled-components';
import { parseVideoUrl } from '@platform/contracts/pages/video';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useConsent } from '../../../../kit/consent/consent-context.tsx';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { Button } from '../../../../kit/ui/button.tsx';
import { Dialog } from '../../../../kit/ui/dialog.tsx';
import { embedUrl, PROVIDER_NAMES } from '../../../../kit/rich-text/video-embed.ts';
import { BlockTitle, Inner } from './block.tsx';
import { ConsentPlaceholder } from '../../../../kit/rich-text/consent-placeholder.tsx';
import { RichText } from '../../../../kit/rich-text/rich-text.tsx';

const Poster = styled.div`
  position: relative;
  display: grid;
  place-items: center;
  height: ${({ theme }) => theme.layout.videoImageHeight}px;
  max-height: 60vw;
  min-height: 200px;
  border-radius: 0.75rem;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  button {
    position: relative;
    font-size: 1.125rem;
  }
`;

const Player = styled.div`
  aspect-ratio: 16 / 9;
  width: 100%;
  iframe,
  video {
    width: 100%;
    height: 100%;
    border: 0;
    background: #000;
  }
`;

const Description = styled(RichText)`
  margin: 0 auto 1.5rem;
  max-width: 48rem;
  text-align: center;
`;

/**
 * video (seed 000 §2.8): a poster with a play button that opens the video in a dialog, from an uploaded file or
 * one of the two providers (start time from the editor's `t`). A provider's player needs its cookies: until the
 * visitor accepts them, the block shows the consent placeholder instead of the play button.
 */
export function VideoBlock({ props }: { props: ComponentProps<'video'> }) {
  const t = useT();
  const { allows } = useConsent();
  const [open, setOpen] = useState(false);
  const video = props.embedUrl ? parseVideoUrl(props.embedUrl) : null;
  const name = props.title || t('cms.video');
  if (!video && !props.file) return null;
  const blocked = video !== null && !allows(video.provider);

  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Description html={props.description} />
      {video && blocked ? (
        <ConsentPlaceholder provider={video.provider} />
      ) : (
        <Poster>
          {props.image ? <img src={props.image.url} alt={props.image.alt} loading="lazy" /> : null}
          <Button onPress={() => setOpen(true)} aria-label={t('cms.playVideo', { title: name })}>
            <span aria-hidden="true">▶</span> {t('cms.play')}
          </Button>
        </Poster>
      )}
      <Dialog
        title={name}
        isOpen={open && !blocked}
        onOpenChange={setOpen}
        size="large"
        actions={
          <Button variant="secondary" onPress={() => setOpen(false)}>
            {t('app.close')}
          </Button>
        }
      >
        <Player>
          {video ? (
            <iframe
              src={embedUrl(video, { autoplay: true })}
              title={`${name} (${PROVIDER_NAMES[video.provider]})`}
              allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
              allowFullScreen
            />
          ) : props.file ? (
            <video controls autoPlay aria-label={name}>
              <source src={props.file.url} type={props.file.mimeType} />
            </video>
          ) : null}
        </Player>
      </Dialog>
    </Inner>
  );
}
