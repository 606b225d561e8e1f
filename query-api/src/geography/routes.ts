import express, { type Router } from 'express';
import countries from 'i18n-iso-countries';
import { createRequire } from 'node:module';
import type { Locale } from '@platform/contracts/enums';
import { geographyEndpoints } from '@platform/contracts/geography/endpoints';
import type { Country, FrenchDepartment } from '@platform/contracts/geography/places';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { QueryModule, QueryModuleDeps } from '../app.ts';
import { sendDocument } from '../jsonapi/document.ts';
import { readerLocale } from '../reader-locale.ts';

const require = createRequire(import.meta.url);

/** A row of the French administration's division of the territory (@etalab/decoupage-administratif). */
interface DivisionRow {
  code: string;
  nom: string;
  region?: string;
  zone: 'metro' | 'drom' | 'com';
}

/**
 * The departments of France: the metropolitan ones and those overseas (DROM); the overseas collectivities (COM)
 * are not departments. Read once from the package, sorted by name as French sorts them (accents, "Ille" before
 * "Indre").
 */
export function frenchDepartments(): FrenchDepartment[] {
  const regions = new Map(
    (require('@etalab/decoupage-administratif/data/regions.json') as DivisionRow[]).map((r) => [
      r.code,
      r.nom,
    ]),
  );
  const rows = require('@etalab/decoupage-administratif/data/departements.json') as DivisionRow[];
  const collator = new Intl.Collator('fr');
  return rows
    .filter((d) => d.zone !== 'com')
    .map((d) => ({
      code: d.code,
      name: d.nom,
      region: { code: d.region ?? '', name: regions.get(d.region ?? '') ?? '' },
    }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code));
}

/** Every country of ISO 3166-1 named in a locale, keyed by its alpha-2 code (i18n-iso-countries). */
export function countriesIn(locale: Locale): Record<string, Country> {
  const names = countries.getNames(locale, { select: 'official' });
  const out: Record<string, Country> = {};
  for (const id of Object.keys(countries.getAlpha2Codes()).sort()) {
    out[id] = { id, alpha3: countries.alpha2ToAlpha3(id) ?? id, name: names[id] ?? id };
  }
  return out;
}

/**
 * GET /services/countries and GET /services/utils/regions/france (seed 000 §7): reference lists no event changes,
 * built once per locale and served from memory; they vary by the reader's language.
 */
export function geographyQueryRoutes(options: { defaultLocale?: Locale } = {}): QueryModule {
  const defaultLocale = options.defaultLocale ?? 'en';
  const byLocale = new Map<Locale, Record<string, Country>>();
  let departments: FrenchDepartment[] | null = null;
  return (_deps: QueryModuleDeps): Router => {
    const router = express.Router();
    mountEndpoint(router, geographyEndpoints.countries, (req, res) => {
      const locale = readerLocale(req, defaultLocale);
      let data = byLocale.get(locale);
      if (!data) {
        data = countriesIn(locale);
        byLocale.set(locale, data);
      }
      res.vary('Accept-Language');
      sendDocument(res, { data, meta: { locale } });
    });
    mountEndpoint(router, geographyEndpoints.franceRegions, (_req, res) => {
      departments ??= frenchDepartments();
      sendDocument(res, { data: { departments } });
    });
    return router;
  };
}
