import { convert } from 'html-to-text';
import type { Locale } from '@platform/contracts/enums';

/**
 * A newsletter as its readers' mail clients show it (seed 000 §2, GET /services/newsletters/preview/{id}): one
 * HTML document laid out as e-mail is, in nested tables with inline styles (mail clients drop style sheets and
 * most of CSS layout), at most 600 pixels wide. Every plain value is escaped here; the introduction and the
 * closing text are the template's rich text, sanitised when it was written (infra/src/resources/rich-text.ts),
 * and go in as they are.
 */
export interface NewsletterPreviewData {
  /** the reader's locale: the document's `lang` and the language of the few words the layout adds */
  locale: Locale;
  /** the site's name (APP_NAME), on top and in the footer */
  siteName: string;
  /** the site's public address (PUBLIC_URL), absolute */
  siteUrl: string;
  subject: string;
  /** sanitised rich text, or null */
  introHtml: string | null;
  outroHtml: string | null;
  /** the image on top: its preview variant's absolute URL, its size as shown, and its alt text ('' decorative) */
  image: { src: string; width: number | null; height: number | null; alt: string } | null;
  /** the articles in the letter's order, as the reader reads them; `url` null when no page of the site shows them */
  articles: ReadonlyArray<{ title: string; description: string; url: string | null }>;
  /** the files attached, each linked by its absolute URL */
  attachments: ReadonlyArray<{ name: string; url: string; extension: string; size: number }>;
  /** the reader's own way out of the newsletters (a letter sent; the preview has none) */
  unsubscribeUrl?: string | null;
}

/** The width of the letter, in CSS pixels: what mail clients show without scrolling. */
export const LETTER_WIDTH = 600;

/** Escapes a plain value for HTML text and for a double- or single-quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The words the layout itself adds, in each of the platform's languages. */
interface LayoutWords {
  readArticle: string;
  attachments: string;
  /** the footer's line, the site's name given */
  footer: (site: string) => string;
  /** the link out of the newsletters */
  unsubscribe: string;
}

const WORDS: Record<Locale, LayoutWords> = {
  en: {
    readArticle: 'Read the article',
    attachments: 'Attachments',
    footer: (site) => `You receive this newsletter from ${site}.`,
    unsubscribe: 'Unsubscribe from these newsletters',
  },
  fr: {
    readArticle: 'Lire l’article',
    attachments: 'Pièces jointes',
    footer: (site) => `Vous recevez cette lettre d’information de ${site}.`,
    unsubscribe: 'Se désabonner de ces lettres d’information',
  },
  it: {
    readArticle: 'Leggi l’articolo',
    attachments: 'Allegati',
    footer: (site) => `Ricevi questa newsletter da ${site}.`,
    unsubscribe: 'Annulla l’iscrizione a queste newsletter',
  },
  es: {
    readArticle: 'Leer el artículo',
    attachments: 'Archivos adjuntos',
    footer: (site) => `Recibes este boletín de ${site}.`,
    unsubscribe: 'Darse de baja de estos boletines',
  },
  ca: {
    readArticle: 'Llegeix l’article',
    attachments: 'Fitxers adjunts',
    footer: (site) => `Reps aquest butlletí de ${site}.`,
    unsubscribe: 'Dona’t de baixa d’aquests butlletins',
  },
  da: {
    readArticle: 'Læs artiklen',
    attachments: 'Vedhæftede filer',
    footer: (site) => `Du modtager dette nyhedsbrev fra ${site}.`,
    unsubscribe: 'Afmeld disse nyhedsbreve',
  },
  ro: {
    readArticle: 'Citește articolul',
    attachments: 'Fișiere atașate',
    footer: (site) => `Primești acest buletin informativ de la ${site}.`,
    unsubscribe: 'Dezabonează-te de la aceste buletine informative',
  },
};

/**
 * The size an image is shown at in the letter: its own, narrowed to the letter's width with its aspect kept;
 * null when its size is not known (the attributes are then left out, and the style keeps it within the letter).
 */
export function shownSize(
  width: number | null | undefined,
  height: number | null | undefined,
): { width: number; height: number } | null {
  if (!width || !height) return null;
  if (width <= LETTER_WIDTH) return { width, height };
  return { width: LETTER_WIDTH, height: Math.max(1, Math.round((height * LETTER_WIDTH) / width)) };
}

/** A file's size as a reader reads it, in their locale: 512 bytes, 12 kB, 1.4 MB. */
export function fileSize(bytes: number, locale: Locale): string {
  const units = [
    ['byte', 1],
    ['kilobyte', 1000],
    ['megabyte', 1000 ** 2],
    ['gigabyte', 1000 ** 3],
  ] as const;
  const [unit, factor] = [...units].reverse().find(([, f]) => bytes >= f) ?? units[0];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: factor === 1 ? 0 : 1,
  }).format(bytes / factor);
}

const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif;";
const TEXT = `${FONT}font-size:16px;line-height:1.5;color:#1f2937;`;
const LINK = 'color:#1d4ed8;text-decoration:underline;';
const CELL = 'padding:8px 24px;';

/** One row of the letter's table: a cell with its style and content. */
const row = (style: string, content: string) => `<tr><td style="${style}">${content}</td></tr>`;

/** The letter as one HTML document. */
export function newsletterPreviewHtml(data: NewsletterPreviewData): string {
  const words = WORDS[data.locale];
  const e = escapeHtml;
  const site = e(data.siteName);
  const siteUrl = e(data.siteUrl);
  const rows: string[] = [];

  rows.push(
    row(
      `padding:16px 24px;${FONT}font-size:14px;line-height:1.4;color:#374151;`,
      `<a href="${siteUrl}" style="color:#111827;text-decoration:none;font-weight:bold;">${site}</a>`,
    ),
  );
  if (data.image) {
    const size = shownSize(data.image.width, data.image.height);
    const dimensions = size ? ` width="${size.width}" height="${size.height}"` : '';
    rows.push(
      row(
        'padding:0;',
        `<img src="${e(data.image.src)}" alt="${e(data.image.alt)}"${dimensions} ` +
          `style="display:block;width:100%;max-width:${size?.width ?? LETTER_WIDTH}px;height:auto;border:0;` +
          'outline:none;text-decoration:none;">',
      ),
    );
  }
  rows.push(
    row(
      'padding:24px 24px 8px;',
      `<h1 style="margin:0;${FONT}font-size:26px;line-height:1.25;font-weight:bold;color:#111827;">` +
        `${e(data.subject)}</h1>`,
    ),
  );
  if (data.introHtml) rows.push(row(`${CELL}${TEXT}`, data.introHtml));

  for (const article of data.articles) {
    const title = e(article.title);
    const link = article.url
      ? `<p style="margin:12px 0 0;${TEXT}"><a href="${e(article.url)}" ` +
        // the link's name says which article, beginning with the words shown (WCAG 2.5.3)
        `aria-label="${e(`${words.readArticle}: ${article.title}`)}" style="${LINK}font-weight:bold;">` +
        `${e(words.readArticle)}</a></p>`
      : '';
    const description = article.description
      ? `<p style="margin:8px 0 0;${TEXT}">${e(article.description).replace(/\r?\n/g, '<br>')}</p>`
      : '';
    rows.push(
      row(
        'padding:16px 24px;',
        '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" ' +
          'style="border-top:1px solid #d1d5db;"><tr><td style="padding-top:16px;">' +
          `<h2 style="margin:0;${FONT}font-size:20px;line-height:1.3;font-weight:bold;color:#111827;">` +
          `${title}</h2>${description}${link}</td></tr></table>`,
      ),
    );
  }

  if (data.outroHtml) rows.push(row(`${CELL}${TEXT}`, data.outroHtml));

  if (data.attachments.length) {
    const items = data.attachments
      .map(
        (file) =>
          `<li style="margin:0 0 6px;"><a href="${e(file.url)}" style="${LINK}">${e(file.name)}</a> ` +
          `<span style="color:#4b5563;">(${e(file.extension.toUpperCase())}, ${e(fileSize(file.size, data.locale))})</span></li>`,
      )
      .join('');
    rows.push(
      row(
        `padding:16px 24px;${TEXT}`,
        `<h2 style="margin:0 0 8px;${FONT}font-size:18px;line-height:1.3;font-weight:bold;color:#111827;">` +
          `${e(words.attachments)}</h2><ul style="margin:0;padding:0 0 0 20px;">${items}</ul>`,
      ),
    );
  }

  rows.push(
    row(
      `padding:16px 24px;background-color:#f3f4f6;${FONT}font-size:13px;line-height:1.5;color:#4b5563;`,
      `${e(words.footer(data.siteName))} <a href="${siteUrl}" style="color:#374151;text-decoration:underline;">` +
        `${e(hostOf(data.siteUrl))}</a>` +
        (data.unsubscribeUrl
          ? `<br><a href="${e(data.unsubscribeUrl)}" style="color:#374151;text-decoration:underline;">` +
            `${e(words.unsubscribe)}</a>`
          : ''),
    ),
  );

  return (
    `<!DOCTYPE html>\n<html lang="${e(data.locale)}" dir="ltr">\n<head>\n<meta charset="utf-8">\n` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light">\n' +
    `<title>${e(data.subject)}</title>\n</head>\n` +
    '<body style="margin:0;padding:0;background-color:#e5e7eb;">\n' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" ' +
    'style="background-color:#e5e7eb;"><tr><td align="center" style="padding:24px 8px;">\n' +
    `<table role="presentation" width="${LETTER_WIDTH}" cellpadding="0" cellspacing="0" border="0" ` +
    `style="width:100%;max-width:${LETTER_WIDTH}px;background-color:#ffffff;border-collapse:collapse;">\n` +
    `${rows.join('\n')}\n</table>\n</td></tr></table>\n</body>\n</html>\n`
  );
}

/** The host of the site's address, as the footer names it; the address itself when it is not a URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The letter as plain text, the part of the mail that readers without HTML get (and some screen-reader set-ups
 * prefer): the subject, the introduction and closing text stripped of their tags, each article with its link, the
 * attachments' links, and the footer with the way out.
 */
export function newsletterText(data: NewsletterPreviewData): string {
  const words = WORDS[data.locale];
  const lines: string[] = [data.subject, '='.repeat(Math.min(72, Math.max(3, data.subject.length))), ''];
  if (data.introHtml) lines.push(plainText(data.introHtml), '');
  for (const article of data.articles) {
    lines.push(`## ${article.title}`);
    if (article.description) lines.push(article.description);
    if (article.url) lines.push(`${words.readArticle}: ${article.url}`);
    lines.push('');
  }
  if (data.outroHtml) lines.push(plainText(data.outroHtml), '');
  if (data.attachments.length) {
    lines.push(`${words.attachments}:`);
    for (const file of data.attachments) lines.push(`- ${file.name}: ${file.url}`);
    lines.push('');
  }
  lines.push('--', `${words.footer(data.siteName)} ${data.siteUrl}`);
  if (data.unsubscribeUrl) lines.push(`${words.unsubscribe}: ${data.unsubscribeUrl}`);
  return `${lines.join('\n')}\n`;
}

/** Sanitised rich text as plain text (html-to-text): its blocks on their own lines, its links' addresses kept. */
function plainText(html: string): string {
  return convert(html, {
    wordwrap: 72,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}
