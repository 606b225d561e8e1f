import { createHmac, randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';

/**
 * Who sent statistics records, without keeping who they are (issue 22, ADR 0038): a signed-in member by their
 * user id; anyone else by a key that is the same all day for one address and browser, and cannot be turned back
 * into either: HMAC-SHA-256 of the address and the user agent under a random salt of the day. Each day's salt is
 * kept in PostgreSQL (`stats_salts`, migration 0011: the same for every process of the platform) and deleted after
 * two days, so that older keys can no longer be recomputed from an address.
 */
export function visitorKeys(sql: Sql) {
  const salts = new Map<string, Buffer>();

  async function saltOf(day: string): Promise<Buffer> {
    const known = salts.get(day);
    if (known) return known;
    await sql`insert into stats_salts (day, salt) values (${day}, ${randomBytes(32)}) on conflict (day) do nothing`;
    const [row] = await sql<{ salt: Buffer }[]>`select salt from stats_salts where day = ${day}`;
    await sql`delete from stats_salts where day < ${day}::date - 1`;
    salts.clear();
    salts.set(day, row!.salt);
    return row!.salt;
  }

  return {
    async keyOf(now: Date, who: { userId: string | null; ip: string; userAgent: string }): Promise<string> {
      if (who.userId !== null) return `user:${who.userId}`;
      const salt = await saltOf(now.toISOString().slice(0, 10));
      const digest = createHmac('sha256', salt).update(`${who.ip}\n${who.userAgent}`).digest('hex');
      return `visitor:${digest.slice(0, 32)}`;
    },
  };
}
