import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  grantRoles,
  startAccountsApp,
  type AccountsTestApp,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';

const MB = 1024 * 1024;
let app: AccountsTestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'files-int-'));
  app = await startAccountsApp(
    {},
    { files: { dir, limits: { file: 300 * MB, image: 2 * MB, adminFile: 400 * MB } } },
  );
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every file under a folder of the blob store (blobs or tmp), recursively. */
const filesIn = async (folder: string): Promise<string[]> => {
  const entries = await readdir(join(dir, folder), { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Caller {
  headers: Record<string, string>;
}
const adminCaller: Caller = { headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` } };
const visitor: Caller = { headers: {} };
const asBrowser = (browser: Browser): Caller => ({
  headers: { Cookie: `atc_session=${browser.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' },
});

let people = 0;
/** A signed-in member of their own (and, with a role, that role). */
async function member(role?: string): Promise<{ id: string; caller: Caller }> {
  const email = `files-${++people}@example.org`;
  const { id } = await createUser(app, { email });
  if (role) await grantRoles(app, id, [role]);
  const browser = app.browser();
  const answer = await signIn(browser, email);
  expect(answer.status).toBe(200);
  return { id, caller: asBrowser(browser) };
}

async function send(caller: Caller, method: string, path: string, body?: FormData | string, type?: string) {
  const response = await fetch(app.url(path), {
    method,
    headers: { ...caller.headers, ...(type ? { 'Content-Type': type } : {}) },
    body: body ?? null,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    // a file's content
  }
  return { status: response.status, headers: response.headers, bytes, body: json };
}

const form = (file: Buffer, name: string, fields: Record<string, string> = {}) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append('file', new Blob([new Uint8Array(file)]), name);
  return data;
};
const upload = (caller: Caller, file: Buffer, name: string, fields: Record<string, string> = {}) =>
  send(caller, 'POST', '/api/v1/services/files', form(file, name, fields));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 20, b: 20 } } })
    .jpeg()
    .toBuffer();
const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
const mp4 = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypmp42'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mp42isom'),
    randomBytes(2000),
  ]);
// an MPEG-1 layer III frame header, then silence
const mp3 = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(4000)]);
const stl = () =>
  Buffer.from(
    'solid part\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid part\n',
  );
const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)"><script>alert(document.cookie)</script><rect width="40" height="20" fill="teal"/><a href="javascript:alert(2)"><text>x</text></a></svg>',
  );

describe('uploads of every media family', () => {
  it('accepts each family from its content, serves it with its type, and refuses a content its name contradicts', async () => {
    const { caller } = await member();
    const cases: Array<[Buffer, string, string, string]> = [
      [await png(1600, 900), 'Wheelchair ramp.PNG', 'image', 'image/png'],
      [await jpeg(300, 200), 'switch.jpeg', 'image', 'image/jpeg'],
      [pdf(), 'guide.pdf', 'doc', 'application/pdf'],
      [Buffer.from('name,size\nramp,3\n'), 'list.csv', 'doc', 'text/csv'],
      [mp4(), 'demo.mp4', 'video', 'video/mp4'],
      [mp3(), 'voice.mp3', 'audio', 'audio/mpeg'],
      [stl(), 'grip.stl', '3d', 'model/stl'],
      [randomBytes(3000), 'board.lcc', 'lcc', 'application/octet-stream'],
      [svgWithScript(), 'logo.svg', 'svg', 'image/svg+xml'],
    ];
    for (const [bytes, name, family, mimeType] of cases) {
      const answer = await upload(caller, bytes, name);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(201);
      const file = answer.body.data;
      expect(file.attributes).toMatchObject({
        family,
        mimeType,
        originalName: name,
        isPublic: true,
        isUploaded: true,
      });
      const served = await send(
        visitor,
        'GET',
        `${file.attributes.url}?minPosition=${answer.body.meta.position}`,
      );
      expect(served.status, name).toBe(200);
      expect(served.headers.get('content-type')).toContain(mimeType);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      if (family !== 'svg') expect(sha(served.bytes)).toBe(file.attributes.hash);
      // the seed's call: by slug or id
      const bySlug = await send(visitor, 'GET', `/api/v1/services/files/${file.attributes.slug}`);
      expect(bySlug.status).toBe(200);
      expect(bySlug.bytes.equals(served.bytes)).toBe(true);
    }

    const mismatched = await upload(caller, await png(10, 10), 'report.pdf');
    expect(mismatched.status).toBe(422);
    expect(mismatched.body.errors[0]).toMatchObject({ source: { pointer: '/file' } });
    expect(mismatched.body.errors[0].detail).toMatch(/content is a PNG file but its name ends in \.pdf/);
    const pdfAsImage = await upload(caller, pdf(), 'guide.pdf', { family: 'image' });
    expect(pdfAsImage.status).toBe(422);
    expect(pdfAsImage.body.errors[0].detail).toMatch(/Choose a file of type image/);
    const broken = Buffer.concat([(await png(10, 10)).subarray(0, 40), randomBytes(200)]);
    const unreadable = await upload(caller, broken, 'broken.png');
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.errors[0].detail).toBe('impossible to read file');
    const stlThatIsPng = await upload(caller, await png(10, 10), 'grip.stl');
    expect(stlThatIsPng.status).toBe(422);
    expect(await filesIn('tmp')).toEqual([]);
  });

  it('makes an image preview bounded in width with its aspect kept, and tells both sizes', async () => {
    const { caller } = await member();
    const answer = await upload(caller, await png(1600, 900), 'wide.png');
    const { metadata, preview, previewUrl, url } = answer.body.data.attributes;
    expect(metadata).toEqual({ width: 1600, height: 900 });
    expect(preview).toMatchObject({ width: 800, height: 450, mimeType: 'image/webp' });
    expect(previewUrl).not.toBe(url);
    const served = await send(visitor, 'GET', `${previewUrl}?minPosition=${answer.body.meta.position}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(served.bytes).metadata()).toMatchObject({ width: 800, height: 450, format: 'webp' });
  });

  it('keeps no script of an SVG and serves it sandboxed', async () => {
    const { caller } = await member();
    const answer = await upload(caller, svgWithScript(), 'logo.svg');
    expect(answer.body.data.attributes.metadata).toEqual({ width: 40, height: 20 });
    const served = await send(
      visitor,
      'GET',
      `${answer.body.data.attributes.url}?minPosition=${answer.body.meta.position}`,
    );
    const text = served.bytes.toString('utf8');
    expect(text).toContain('<rect');
    expect(text).not.toMatch(/script|onload|javascript:/i);
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
  });
});

describe('storage', () => {
  it('stores the same bytes once for two uploads, each its own record', async () => {
    const { caller } = await member();
    const bytes = pdf();
    const unique = Buffer.concat([bytes, Buffer.from(`% ${randomBytes(8).toString('hex')}\n`)]);
    const first = await upload(caller, unique, 'a.pdf');
    const second = await upload(caller, unique, 'b.pdf');
    expect(first.body.data.id).not.toBe(second.body.data.id);
    expect(first.body.data.attributes.hash).toBe(second.body.data.attributes.hash);
    const named = (await filesIn('blobs')).filter((f) => f.endsWith(first.body.data.attributes.hash));
    expect(named).toHaveLength(1);
  });

  it('refuses a file past its limit while it streams (413) and keeps nothing', async () => {
    const { caller } = await member();
    const before = await filesIn('blobs');
    const image = await upload(caller, randomBytes(3 * MB), 'big.png', { family: 'image' });
    expect(image.status).toBe(413);
    expect(image.body.errors[0]).toMatchObject({
      code: 'validation.payload_too_large',
      source: { pointer: '/file' },
    });
    // a large image found out only from its content: the image limit applies once its type is known
    const side = 1000;
    const big = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * MB);
    expect((await upload(caller, big, 'noise.png')).status).toBe(413);
    expect(await filesIn('blobs')).toEqual(before);
    expect(await filesIn('tmp')).toEqual([]);
  });

  it('answers a bad multipart body with a 4xx and a pointer, never a 500', async () => {
    const { caller } = await member();
    const json = await send(
      caller,
      'POST',
      '/api/v1/services/files',
      '{"data":{}}',
      'application/vnd.api+json',
    );
    expect(json.status).toBe(415);
    const noBoundary = await send(caller, 'POST', '/api/v1/services/files', 'x', 'multipart/form-data');
    expect(noBoundary.status).toBe(400);
    const truncated = await send(
      caller,
      'POST',
      '/api/v1/services/files',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 half',
      'multipart/form-data; boundary=b',
    );
    expect(truncated.status).toBe(400);
    const noFile = new FormData();
    noFile.append('name', 'nothing');
    const missing = await send(caller, 'POST', '/api/v1/services/files', noFile);
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source.pointer).toBe('/file');
    const otherField = new FormData();
    otherField.append('attachment', new Blob([pdf()]), 'a.pdf');
    const wrongField = await send(caller, 'POST', '/api/v1/services/files', otherField);
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.errors[0].source.pointer).toBe('/attachment');
    const badFlag = await upload(caller, pdf(), 'a.pdf', { isPublic: 'maybe' });
    expect(badFlag.status).toBe(422);
    expect(badFlag.body.errors[0].source.pointer).toBe('/isPublic');
    expect((await upload(visitor, pdf(), 'a.pdf')).status).toBe(401);
    expect(await filesIn('tmp')).toEqual([]);
  });
});

/** A multipart body of `size` bytes of one file, made as it is sent (never held whole), cut after `cutAt` if given. */
function streamedForm(size: number, name: string, cutAt?: number): ReadableStream<Uint8Array> {
  const boundary = 'streamed-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(256 * 1024);
  chunk.fill(0, 0, 8192); // a binary STL's header: nothing file-type recognises
  let sent = 0;
  let started = false;
  return new ReadableStream({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(head);
        return;
      }
      if (cutAt !== undefined && sent >= cutAt) {
        controller.error(new Error('cut off'));
        return;
      }
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      // the same bytes each time: the client allocates nothing per chunk, so what rises is the server's
      controller.enqueue(part);
    },
  });
}
const streamedType = 'multipart/form-data; boundary=streamed-boundary';

describe('large and interrupted uploads', () => {
  it('streams a 200 MB upload with a bounded memory rise', async () => {
    const { caller } = await member();
    const size = 200 * MB;
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let peakBuffers = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.rss);
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
    }, 20);
    const response = await fetch(app.url('/api/v1/services/files'), {
      method: 'POST',
      headers: { ...caller.headers, 'Content-Type': streamedType },
      body: streamedForm(size, 'large-model.stl'),
      duplex: 'half',
    } as RequestInit);
    clearInterval(sampler);
    const body = (await response.json()) as { data: { attributes: { size: number; family: string } } };
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.data.attributes).toMatchObject({ size, family: '3d' });
    const rise = (peak - baseline) / MB;
    console.info(
      `200 MB upload: RSS rose ${rise.toFixed(1)} MB at most; array buffers peaked at ${(peakBuffers / MB).toFixed(1)} MB`,
      process.memoryUsage(),
    );
    expect(rise).toBeLessThan(64);
  });

  it('keeps no record and no file of an upload cut off half-way', async () => {
    const { caller } = await member();
    const blobs = await filesIn('blobs');
    const [{ count: before }] = await app.platform.sql<[{ count: number }]>`
      select count(*)::int as count from es_events where event_type = 'FileCreated'`;
    // a client that sends half of its file, waits until the server is writing it, then goes away
    const { port } = new URL(app.url('/'));
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    const head = Buffer.from(
      `--streamed-boundary\r\nContent-Disposition: form-data; name="file"; filename="cut.stl"\r\n\r\n`,
    );
    const cookie = caller.headers.Cookie!;
    socket.write(
      `POST /api/v1/services/files HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
        `X-Requested-With: XMLHttpRequest\r\nContent-Type: ${streamedType}\r\n` +
        `Content-Length: ${head.length + 20 * MB}\r\n\r\n`,
    );
    socket.write(head);
    const half = Buffer.alloc(MB);
    for (let i = 0; i < 10; i++) socket.write(half);
    const waitFor = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 10_000;
      while (!(await check()) && Date.now() < deadline) await new Promise((r) => setImmediate(r));
      return check();
    };
    expect(await waitFor(async () => (await filesIn('tmp')).length === 1)).toBe(true);
    socket.destroy();
    // the server notices the connection gone and removes the staging file
    expect(await waitFor(async () => (await filesIn('tmp')).length === 0)).toBe(true);
    expect(await filesIn('tmp')).toEqual([]);
    expect(await filesIn('blobs')).toEqual(blobs);
    const [{ count: after }] = await app.platform.sql<[{ count: number }]>`
      select count(*)::int as count from es_events where event_type = 'FileCreated'`;
    expect(after).toBe(before);
  });
});

describe('who reads what', () => {
  it('serves a file that is not public to its author only, never cached by others', async () => {
    const author = await member();
    const other = await member();
    const answer = await upload(author.caller, pdf(), 'private.pdf', { isPublic: 'false' });
    expect(answer.status).toBe(201);
    const { url, slug } = answer.body.data.attributes;
    const at = `?minPosition=${answer.body.meta.position}`;
    expect((await send(visitor, 'GET', `${url}${at}`)).status).toBe(404);
    expect((await send(other.caller, 'GET', `${url}${at}`)).status).toBe(404);
    expect((await send(other.caller, 'GET', `/api/v1/services/files/${slug}`)).status).toBe(404);
    const own = await send(author.caller, 'GET', `${url}${at}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect((await send(adminCaller, 'GET', `${url}${at}`)).status).toBe(200);
    // its record (the name may be a patient's) is read by the same viewers only; a public file's by everyone
    const record = `/api/v1/files/${answer.body.data.id}${at}`;
    expect((await send(visitor, 'GET', record)).status).toBe(404);
    expect((await send(other.caller, 'GET', record)).status).toBe(404);
    expect((await send(author.caller, 'GET', record)).status).toBe(200);
    const open = await upload(author.caller, pdf(), 'open.pdf', { isPublic: 'true' });
    const openRecord = await send(
      visitor,
      'GET',
      `/api/v1/files/${open.body.data.id}?minPosition=${open.body.meta.position}`,
    );
    expect(openRecord.status).toBe(200);
    expect(openRecord.body.data.attributes.name).toBe('open.pdf');
  });

  it('attaches secured files to a record its uploader may update, and serves them to those only', async () => {
    const orgAdmin = await member('organization_admin');
    const other = await member('organization_admin');
    const created = await app.admin('POST', '/organizations', {
      data: { type: 'organizations', attributes: { name: `Secured Lab ${people}` } },
    });
    const organization = created.body.data.id as string;
    const joined = await app.admin('POST', `/organizations/${organization}/relationships/users`, {
      data: [{ type: 'users', id: orgAdmin.id }],
    });
    expect(joined.status).toBe(200);
    const secured = (caller: Caller, type: string, id: string, files: Array<[Buffer, string]>) => {
      const data = new FormData();
      data.append('model[type]', type);
      data.append('model[id]', id);
      for (const [bytes, name] of files) data.append('files[]', new Blob([new Uint8Array(bytes)]), name);
      return send(caller, 'POST', '/api/v1/services/secured-files', data);
    };
    const made = await secured(orgAdmin.caller, 'organizations', organization, [
      [pdf(), 'contract.pdf'],
      [await png(20, 20), 'badge.png'],
    ]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toHaveLength(2);
    const [contract] = made.body.data;
    expect(contract.attributes).toMatchObject({ name: 'contract.pdf', family: 'doc' });
    const show = `${contract.attributes.url}?minPosition=${made.body.meta.position}`;
    expect(show).toBe(
      `/api/v1/services/secured-files/${contract.id}/show?minPosition=${made.body.meta.position}`,
    );
    expect((await send(visitor, 'GET', show)).status).toBe(404);
    expect((await send(other.caller, 'GET', show)).status).toBe(404);
    const own = await send(orgAdmin.caller, 'GET', show);
    expect(own.status).toBe(200);
    expect(own.bytes.equals(pdf())).toBe(true);
    expect(own.headers.get('cache-control')).toBe('private, no-store');

    expect((await secured(other.caller, 'organizations', organization, [[pdf(), 'x.pdf']])).status).toBe(403);
    const wrongType = await secured(orgAdmin.caller, 'tags', organization, [[pdf(), 'x.pdf']]);
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors[0].source.pointer).toBe('/model/type');
    const noModel = new FormData();
    noModel.append('files[]', new Blob([pdf()]), 'x.pdf');
    const missing = await send(orgAdmin.caller, 'POST', '/api/v1/services/secured-files', noModel);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/model/type',
      '/model/id',
    ]);
    const unknown = await secured(orgAdmin.caller, 'organizations', '00000000-0000-4000-8000-000000000000', [
      [pdf(), 'x.pdf'],
    ]);
    expect(unknown.status).toBe(404);

    expect((await send(other.caller, 'DELETE', `/api/v1/services/secured-files/${contract.id}`)).status).toBe(
      404,
    );
    const deleted = await send(orgAdmin.caller, 'DELETE', `/api/v1/services/secured-files/${contract.id}`);
    expect(deleted.status).toBe(200);
    const gone = `${contract.attributes.url}?minPosition=${deleted.body.meta.position}`;
    expect((await send(orgAdmin.caller, 'GET', gone)).status).toBe(404);
    expect(await filesIn('tmp')).toEqual([]);
  });
});

describe('file fields', () => {
  it("makes an organization's image a file field: family checked, included with its sizes, counted, kept while used", async () => {
    const { caller } = await member();
    const created = await app.admin('POST', '/organizations', {
      data: { type: 'organizations', attributes: { name: `Imaged Lab ${people}` } },
    });
    const organization = created.body.data.id as string;
    const image = await upload(adminCaller, await png(1200, 600), 'front.png');
    const document = await upload(caller, pdf(), 'doc.pdf');
    const setImage = (id: string | null) =>
      app.admin('PATCH', `/organizations/${organization}`, {
        data: {
          type: 'organizations',
          id: organization,
          relationships: { image: { data: id ? { type: 'files', id } : null } },
        },
      });
    const refused = await setImage(document.body.data.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].source.pointer).toBe('/data/relationships/image/data/id');
    const saved = await setImage(image.body.data.id);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await app
      .browser()
      .call(
        'GET',
        `/api/v1/organizations/${organization}?include=image&minPosition=${saved.body.meta.position}`,
      );
    expect(read.body.data.relationships.image.data).toEqual({ type: 'files', id: image.body.data.id });
    const [included] = read.body.included;
    expect(included.attributes).toMatchObject({
      url: image.body.data.attributes.url,
      previewUrl: image.body.data.attributes.previewUrl,
      metadata: { width: 1200, height: 600 },
      preview: { width: 800, height: 400 },
      recordsCount: 1,
    });
    const file = image.body.data.id as string;
    const softDelete = await app.admin('POST', `/files/${file}/soft-delete`);
    expect(softDelete.status).toBe(409);
    const cleared = await setImage(null);
    const after = await app.admin('GET', `/files/${file}?minPosition=${cleared.body.meta.position}`);
    expect(after.body.data.attributes.recordsCount).toBe(0);
    expect((await app.admin('POST', `/files/${file}/soft-delete`)).status).toBe(200);
  });

  it("keeps a file's history: who uploaded it and who replaced its content", async () => {
    const author = await member();
    const other = await member();
    const first = await upload(author.caller, pdf(), 'v1.pdf');
    const id = first.body.data.id as string;
    const refused = await upload(other.caller, pdf(), 'v2.pdf', { id });
    expect(refused.status).toBe(403);
    const notSameFamily = await upload(author.caller, await png(10, 10), 'v2.png', { id });
    expect(notSameFamily.status).toBe(422);
    const v2 = Buffer.concat([pdf(), Buffer.from('% second version\n')]);
    const replaced = await upload(author.caller, v2, 'v2.pdf', { id });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data.attributes).toMatchObject({
      hash: sha(v2),
      originalName: 'v2.pdf',
      name: 'v1.pdf',
    });
    const history = await app.admin('GET', `/files/${id}/history`);
    expect(history.status).toBe(200);
    const kinds = history.body.data.map((entry: { attributes: { kind: string } }) => entry.attributes.kind);
    expect(kinds).toEqual(['updated', 'created']);
    // the old content's URL names a content the file no longer has
    const old = `${first.body.data.attributes.url}?minPosition=${replaced.body.meta.position}`;
    expect((await send(visitor, 'GET', old)).status).toBe(404);
  });
});
