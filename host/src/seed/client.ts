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
