import { isIP } from 'node:net';
import express from 'express';
import { z } from 'zod/v4';

/**
 * Which proxies' X-Forwarded-For the platform believes (express's `trust proxy`): a number of hops in front of
 * it, or the addresses and subnets of its proxies. The client's address it finds is what the sign-in limits
 * count by (ADR 0023).
 */
export type TrustProxy = number | string;

/** Today's behaviour: only a proxy on the same host (express's named subnet `loopback`). */
export const DEFAULT_TRUST_PROXY: TrustProxy = 'loopback';

/** express's named subnets */
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  // a prefix length, or (IPv4) a netmask, as express accepts them
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: `loopback` (the default), a hop count (`1`: the one proxy in front of the platform; `0`: none),
 * or a comma-separated list of addresses, subnets (10.0.0.0/8, fd00::/8) and express's named subnets.
 */
export const TrustProxySchema = z
  .string()
  .trim()
  .transform((text, ctx): TrustProxy => {
    if (/^\d+$/.test(text) && Number(text) <= 32) return Number(text);
    const entries = text.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !validEntry(e));
    if (text !== '' && !/^\d+$/.test(text) && bad.length === 0) {
      const list = entries.join(',');
      try {
        // the list is what express will compile: a value it cannot read stops the start here, named
        express().set('trust proxy', list);
        return list;
      } catch (error) {
        bad.push(`${list} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message:
        text === '' || /^\d+$/.test(text)
          ? 'must be loopback, a number of proxy hops (0 to 32) or a comma-separated list of addresses and subnets'
          : `not an address, a subnet or loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
    });
    return z.NEVER;
  });
