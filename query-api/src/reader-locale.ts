import type { Request } from 'express';
import { LOCALES, type Locale } from '@platform/contracts/enums';

/** The locale a reader asks for (Accept-Language, among the platform's), else the default one. */
export function readerLocale(req: Request, defaultLocale: Locale): Locale {
  const accepted = req.get('accept-language') ? req.acceptsLanguages([...LOCALES]) : false;
  return typeof accepted === 'string' ? (accepted as Locale) : defaultLocale;
}
