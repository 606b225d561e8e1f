import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { CountriesDocumentSchema, FranceRegionsDocumentSchema } from './places.ts';

/** The reference lists of places (query-api/src/geography/routes.ts), open to everyone. */
export const geographyEndpoints = {
  countries: defineEndpoint({
    method: 'GET',
    path: '/services/countries',
    response: CountriesDocumentSchema,
  }),
  franceRegions: defineEndpoint({
    method: 'GET',
    path: '/services/utils/regions/france',
    response: FranceRegionsDocumentSchema,
  }),
} satisfies Record<string, AnyEndpoint>;
