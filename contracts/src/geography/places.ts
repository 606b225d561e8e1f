import { z } from 'zod/v4';

/**
 * The reference lists of places (seed 000 §7): the countries, keyed by their ISO 3166-1 alpha-2 code (the code an
 * organization's `country` holds), named in the reader's locale; and the departments of France, sorted by name.
 * Both come from kept data packages read by the query side (i18n-iso-countries, the French administration's own
 * division of the territory), never from a list typed here.
 */
export const CountrySchema = z.object({
  /** ISO 3166-1 alpha-2, upper case: 'FR' */
  id: z.string().length(2),
  /** ISO 3166-1 alpha-3: 'FRA' */
  alpha3: z.string().length(3),
  /** the country's name in the reader's locale */
  name: z.string().min(1),
});
export type Country = z.infer<typeof CountrySchema>;

/** GET /api/v1/services/countries: `data` keyed by the countries' ids. */
export const CountriesDocumentSchema = z.object({
  data: z.record(z.string(), CountrySchema),
  meta: z.object({ locale: z.string() }).passthrough(),
});
export type CountriesDocument = z.infer<typeof CountriesDocumentSchema>;

/** A department of France: its official code ('2A', '971'), its name, and the region it belongs to. */
export const FrenchDepartmentSchema = z.object({
  code: z.string().min(2).max(3),
  name: z.string().min(1),
  region: z.object({ code: z.string(), name: z.string() }),
});
export type FrenchDepartment = z.infer<typeof FrenchDepartmentSchema>;

/** GET /api/v1/services/utils/regions/france: `data.departments`, sorted by name as French sorts them. */
export const FranceRegionsDocumentSchema = z.object({
  data: z.object({ departments: z.array(FrenchDepartmentSchema) }),
});
export type FranceRegionsDocument = z.infer<typeof FranceRegionsDocumentSchema>;
