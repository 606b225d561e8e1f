/**
 * Video URLs are accepted only from the two known providers (seed 000 §5), in their short, normal,
 * no-cookie and player host variants: YouTube needs an 11-character id, Vimeo a numeric id. A start
 * time is read from the `t` parameter.
 */
export interface VideoReference {
  provider: 'youtube' | 'vimeo';
  id: string;
  startSeconds: number | null;
}

/**
 * Where the players of the two providers are framed from (YouTube's privacy-enhanced host): the web's embeds
 * and the host's Content-Security-Policy (frame-src) name the same two origins.
 */
export const VIDEO_PLAYER_ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
} as const satisfies Record<VideoReference['provider'], string>;

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

function startOf(url: URL): number | null {
  const t = url.searchParams.get('t') ?? url.searchParams.get('start');
  if (!t) return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(t);
  if (!match || t === '') return null;
  const [, h, m, s] = match;
  return Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
}

export function parseVideoUrl(raw: string): VideoReference | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'v') id = segments[1];
  } else if (VIMEO_HOSTS.has(host)) {
    id = host === 'player.vimeo.com' ? (segments[0] === 'video' ? segments[1] : undefined) : segments[0];
    return id && /^\d+$/.test(id) ? { provider: 'vimeo', id, startSeconds: startOf(url) } : null;
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id)
    ? { provider: 'youtube', id, startSeconds: startOf(url) }
    : null;
}
