import { parseVideoUrl, VIDEO_PLAYER_ORIGINS, type VideoReference } from '@platform/contracts/pages/video';

export type VideoProvider = VideoReference['provider'];

export const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * The player URL of a video reference. YouTube plays from its privacy-enhanced host; the start time (from the
 * editor's `t`) becomes `start` for YouTube and the `#t=` fragment for Vimeo. Autoplay only when the visitor
 * has just pressed play.
 */
export function embedUrl(video: VideoReference, options: { autoplay?: boolean } = {}): string {
  const start = video.startSeconds && video.startSeconds > 0 ? video.startSeconds : null;
  if (video.provider === 'youtube') {
    const params = new URLSearchParams();
    if (start !== null) params.set('start', String(start));
    if (options.autoplay) params.set('autoplay', '1');
    params.set('rel', '0');
    return `${VIDEO_PLAYER_ORIGINS.youtube}/embed/${video.id}?${params.toString()}`;
  }
  const query = options.autoplay ? '?autoplay=1' : '';
  return `${VIDEO_PLAYER_ORIGINS.vimeo}/video/${video.id}${query}${start !== null ? `#t=${start}s` : ''}`;
}

/** An editor's video URL as a player URL, or null when it is not one of the two providers' forms. */
export function videoEmbedUrl(raw: string, options: { autoplay?: boolean } = {}) {
  const video = parseVideoUrl(raw);
  return video ? { provider: video.provider, url: embedUrl(video, options) } : null;
}
