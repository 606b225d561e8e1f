// Full-text search of the resource layer (a definition's `searchMode: 'fullText'`, issue 21 G7): the unaccent
// extension, and per locale an unaccented copy of its language's text search configuration, `<cfg>_unaccent`,
// with unaccent before the stemmer so that "electrique" finds "électrique" and the other way round. A language
// the server lacks in pg_ts_config gets a copy of `simple` under its name, so that every locale's configuration
// exists whatever the server (contracts/src/resources/search.ts SEARCH_CONFIGS; this list must name each of them).
const CONFIGS = ['english', 'french', 'italian', 'spanish', 'catalan', 'danish', 'romanian', 'simple'];

export async function up(sql) {
  await sql.unsafe('create extension if not exists unaccent with schema public');
  for (const config of CONFIGS) {
    const [own] = await sql`select 1 as one from pg_ts_config where cfgname = ${config}
      and cfgnamespace = 'pg_catalog'::regnamespace`;
    const [made] = await sql`select 1 as one from pg_ts_config where cfgname = ${`${config}_unaccent`}`;
    if (made) continue;
    const source = own ? config : 'simple';
    // simple's words go through the `simple` dictionary, a language's through its snowball stemmer
    const dictionary = source === 'simple' ? 'pg_catalog.simple' : `pg_catalog.${source}_stem`;
    await sql.unsafe(
      `create text search configuration public.${config}_unaccent (copy = pg_catalog.${source})`,
    );
    await sql.unsafe(`alter text search configuration public.${config}_unaccent
      alter mapping for hword, hword_part, word with public.unaccent, ${dictionary}`);
  }
}
