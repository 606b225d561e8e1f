import { SEEDER_PASS_HEADER } from '../readiness.ts';

/** A small JSON:API client for the seeder: real HTTP commands against the running platform. */
export interface SeedClient {
  command(
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    idempotencyKey: string,
  ): Promise<{ id: string; position: string }>;
  get(path: string): Promise<{ data: unknown; meta?: Record<string, unknown> }>;
}

export function seedClient(baseUrl: string, adminToken: string): SeedClient {
  const headers = {
    accept: 'application/vnd.api+json',
    'content-type': 'application/vnd.api+json',
    authorization: `Bearer ${adminToken}`,
    'x-requested-with': 'XMLHttpRequest',
  };
  return {
    async command(method, path, body, idempotencyKey) {
      const res = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: { ...headers, 'idempotency-key': idempotencyKey },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const doc = (await res.json()) as {
        data?: { id: string };
        meta?: { position: string };
        errors?: unknown;
      };
      if (!res.ok)
        throw new Error(`Seeding ${method} ${path} failed (${res.status}): ${JSON.stringify(doc.errors)}`);
      return { id: doc.data?.id ?? '', position: doc.meta?.position ?? '0' };
    },
    async get(path) {
      const res = await fetch(`${baseUrl}/api/v1${path}`, { headers });
      if (!res.ok) throw new Error(`Seeding GET ${path} failed (${res.status})`);
      return (await res.json()) as { data: unknown; meta?: Record<string, unknown> };
    },
  };
}

/** How many bounded waits of the query side (MIN_POSITION_TIMEOUT_MS each) the seeder gives the read models. */
const READ_MODEL_WAITS = 60;

/**
 * Waits until the read models a member's session is read from (the accounts, the organizations) have reached
 * `position`: each read asks for it as minPosition, which the query side waits for (bounded) before it answers,
 * saying `meta.stale` when its bound came first. Sessions opened afterwards read the demo accounts' grants, however
 * loaded the machine is (a session's own wait is bounded too, and past it a member would be refused).
 */
export async function readModelsAt(client: SeedClient, position: string): Promise<void> {
  for (let attempt = 0; attempt < READ_MODEL_WAITS; attempt++) {
    const reads = await Promise.all(
      ['/users?page[size]=1', '/organizations?page[size]=1'].map((path) =>
        client.get(`${path}&minPosition=${position}`),
      ),
    );
    if (reads.every((read) => read.meta?.stale !== true)) return;
  }
  throw new Error(`Seeding: the accounts' read models did not reach position ${position}`);
}

/** An answer of a member's call: its status, its JSON body (null for a document's bytes) and its bytes. */
export interface SeedAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  bytes: Uint8Array;
}

/** A signed-in demo account over HTTP, as the web calls the APIs (memberSession). */
export interface MemberSession {
  call(method: string, path: string, body?: unknown, key?: string): Promise<SeedAnswer>;
  /** uploads a private document (a signed contract) through POST /services/files */
  upload(bytes: Uint8Array, name: string): Promise<SeedAnswer>;
}

/**
 * A demo account signed in over HTTP (its session cookie), as the web would call the APIs. The seeder's pass (the
 * machine credential in SEEDER_PASS_HEADER) takes its requests past the "starting" gate of a first start, which
 * holds every other request until the seeding is done (host/src/readiness.ts); the session decides the rest.
 */
export async function memberSession(
  baseUrl: string,
  email: string,
  password: string,
  adminToken: string,
  /**
   * a position the account's grants were written at: each call carries it as minPosition, so the session's viewer
   * (roles, access level) is read once the accounts' projections have reached it, not from a read model that lags
   */
  grantedAt?: string,
): Promise<MemberSession> {
  const pass = { [SEEDER_PASS_HEADER]: adminToken };
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...pass },
    body: JSON.stringify({ email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((set) => /^atc_session=([^;]+)/.exec(set)?.[1])
    .find(Boolean);
  if (!login.ok || !cookie) throw new Error(`Seeding: ${email} could not sign in (${login.status})`);
  const headers = { cookie: `atc_session=${cookie}`, 'x-requested-with': 'XMLHttpRequest', ...pass };
  const answer = async (response: Response): Promise<SeedAnswer> => {
    const bytes = new Uint8Array(await response.arrayBuffer());
    let body: unknown = null;
    try {
      body = JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch {
      // a document's bytes
    }
    return { status: response.status, body, bytes };
  };
  // the session's reads and writes follow its own writes too (acting as an organization, then creating as it)
  let seen = grantedAt;
  const note = (done: SeedAnswer): SeedAnswer => {
    const position = (done.body as { meta?: { position?: unknown } } | null)?.meta?.position;
    if (typeof position === 'string' && /^\d+$/.test(position) && BigInt(position) > BigInt(seen ?? '0'))
      seen = position;
    return done;
  };
  return {
    async call(method, path, body, key) {
      return note(
        await answer(
          await fetch(`${baseUrl}/api/v1${withMinPosition(path, seen)}`, {
            method,
            headers: {
              ...headers,
              accept: 'application/vnd.api+json',
              ...(body !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}),
              ...(key ? { 'idempotency-key': key } : {}),
            },
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          }),
        ),
      );
    },
    async upload(bytes, name) {
      const form = new FormData();
      form.append('isPublic', 'false');
      form.append('family', 'doc');
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
      return answer(
        await fetch(`${baseUrl}/api/v1${withMinPosition('/services/files', seen)}`, {
          method: 'POST',
          headers,
          body: form,
        }),
      );
    },
  };
}

/** The path with `minPosition` added, unless it names one of its own (a later position). */
function withMinPosition(path: string, position: string | undefined): string {
  if (position === undefined || /[?&]minPosition=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`;
}

/** The answer, or an error naming what failed when it is not a success. */
export const must = (answer: SeedAnswer, what: string): SeedAnswer => {
  if (answer.status >= 300)
    throw new Error(`Seeding ${what} failed (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer;
};

/**
 * Uploads a public file through the file fields' route (POST /services/files) with the machine credential, as
 * the rental models' images are: answers the file's id. `isPublic: false` uploads one that is not public (an
 * account's document, for a private file field).
 */
export async function uploadPublicFile(
  options: { baseUrl: string; adminToken: string },
  file: {
    bytes: Uint8Array;
    fileName: string;
    mimeType: string;
    family: string;
    name: string;
    description: string;
    isPublic?: boolean;
  },
): Promise<string> {
  const form = new FormData();
  form.append('family', file.family);
  form.append('name', file.name);
  form.append('description', file.description);
  if (file.isPublic === false) form.append('isPublic', 'false');
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), file.fileName);
  const uploaded = await fetch(`${options.baseUrl}/api/v1/services/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.adminToken}`, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  const doc = (await uploaded.json()) as { data?: { id: string }; errors?: unknown };
  if (!uploaded.ok || !doc.data)
    throw new Error(
      `Seeding the file ${file.fileName} failed (${uploaded.status}): ${JSON.stringify(doc.errors)}`,
    );
  return doc.data.id;
}
