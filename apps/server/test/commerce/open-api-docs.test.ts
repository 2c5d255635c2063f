// The open API's documentation runs as written: each curl example of the docs page (and the same one in its OpenAPI
// document) is a full URL on PUBLIC_BASE_URL, sent to the real server process byte for byte as curl sends it (Chinese
// in the query unencoded) with a demo member's key, and answers 200 with rows of the demo data. Raw UTF-8 in a query
// is read as UTF-8; a byte sequence that is not UTF-8, or a bad percent-escape, is 400 in the Chinese envelope.
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_KEYS_API, type ApiKeyCreated, MSG, OPEN_API } from '@uc/shared';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../support/app.js';
import { DEMO, hashed } from '../support/login.js';
import { freePort, type ServerProcess, startServer, TEST_SERVER_ENV } from '../support/server-process.js';

let dataDir: string;
let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | null = null;
let server: ServerProcess;
let key: string;

/** Gives the demo member an API package of 1,000 calls (the demo seed sells it, not gives it). */
async function grantCalls(): Promise<void> {
  const remove = 'DELETE FROM api_quotas WHERE user_id = (SELECT id FROM users WHERE username = $1)';
  const insert =
    "INSERT INTO api_quotas (user_id, total, used, expired_at, updated_at) SELECT id, 1000, 0, '2099-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM users WHERE username = $1";
  if (scratch) {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(remove, ['demouser']);
      await client.query(insert, ['demouser']);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(path.join(dataDir, 'usercenter.db'));
  try {
    db.prepare(remove.replace('$1', '?')).run('demouser');
    db.prepare(insert.replace('$1', '?')).run('demouser');
  } finally {
    db.close();
  }
}

async function jsonOf<T>(res: Response): Promise<T> {
  return ((await res.json()) as { data: T }).data;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'uc-openapi-docs-'));
  if (process.env.TEST_DB === 'postgres') scratch = await createScratchPostgres();
  const port = await freePort();
  server = await startServer({
    entry: 'source',
    port,
    env: {
      ...TEST_SERVER_ENV,
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      OPENAPI_RATE_PER_SECOND: '1000',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
  });
  const login = await fetch(`${server.origin}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demouser', password: hashed(DEMO.demouser) }),
  });
  const { token } = await jsonOf<{ token: string }>(login);
  const created = await fetch(`${server.origin}${API_KEYS_API.keys}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: '文档示例' }),
  });
  key = (await jsonOf<ApiKeyCreated>(created)).key;
  await grantCalls();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  body: { code: number; message: string; data: unknown; detail?: string };
}

/** One HTTP/1.1 request written byte for byte (a target with raw UTF-8 in it, as curl sends a pasted URL). */
function send(request: {
  method: string;
  target: Buffer;
  headers: string[];
  body?: string;
}): Promise<RawAnswer> {
  const body = Buffer.from(request.body ?? '', 'utf8');
  const head = [
    ...request.headers,
    `Host: 127.0.0.1:${server.port}`,
    'Connection: close',
    ...(request.body === undefined ? [] : [`Content-Length: ${body.length}`]),
  ];
  const bytes = Buffer.concat([
    Buffer.from(`${request.method} `),
    request.target,
    Buffer.from(` HTTP/1.1\r\n${head.map((h) => `${h}\r\n`).join('')}\r\n`),
    body,
  ]);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(server.port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      try {
        resolve({ status, body: JSON.parse(text.slice(at + 4)) });
      } catch {
        reject(new Error(`not an envelope: ${text.slice(0, 500)}`));
      }
    });
  });
}

/** The words of a shell command line, with its single- and double-quoted parts. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const word = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const m of line.matchAll(word)) words.push(m[1] ?? m[2] ?? m[3] ?? '');
  return words;
}

/** A curl example as the request curl makes of it, with the member's key in place of the placeholder. */
function curlRequest(line: string) {
  const words = shellWords(line);
  expect(words[0]).toBe('curl');
  let method = 'GET';
  let body: string | undefined;
  const headers: string[] = [];
  let url = '';
  for (let i = 1; i < words.length; i += 1) {
    const word = words[i] ?? '';
    if (word === '-X') method = words[++i] ?? '';
    else if (word === '-H') headers.push((words[++i] ?? '').replace(/Bearer \S+/, `Bearer ${key}`));
    else if (word === '-d') {
      body = words[++i];
      if (method === 'GET') method = 'POST';
    } else url = word;
  }
  return { method, url, headers, body };
}

const unescapeHtml = (html: string) =>
  html
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#34;', '"')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&#38;', '&')
    .replaceAll('&amp;', '&');

/** The curl examples of the docs page, in its order. */
async function pageExamples(): Promise<string[]> {
  const html = await (await fetch(`${server.origin}${OPEN_API.docs}`)).text();
  return [...html.matchAll(/<h3>请求示例<\/h3><pre>([\s\S]*?)<\/pre>/g)].map((m) => unescapeHtml(m[1] ?? ''));
}

/** The curl examples of the OpenAPI document, in its order. */
async function documentExamples(): Promise<string[]> {
  const doc = (await (await fetch(`${server.origin}${OPEN_API.docsJson}`)).json()) as {
    servers: { url: string }[];
    paths: Record<string, Record<string, { 'x-codeSamples': { source: string }[] }>>;
  };
  expect(doc.servers).toEqual([{ url: server.origin }]);
  return Object.values(doc.paths).flatMap((ops) =>
    Object.values(ops).flatMap((op) => op['x-codeSamples'].map((s) => s.source)),
  );
}

describe(`the open API's examples run as pasted (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('are the same on the page and in the OpenAPI document, each a full URL on PUBLIC_BASE_URL', async () => {
    const examples = await pageExamples();
    expect(examples).toHaveLength(4);
    expect(await documentExamples()).toEqual(examples);
    for (const example of examples)
      expect(curlRequest(example).url.startsWith(`${server.origin}/`)).toBe(true);
    // At least one example carries Chinese in its query, unencoded, as a developer types it.
    expect(examples.some((e) => /\?[^"]*[\u4e00-\u9fff]/.test(e))).toBe(true);
  });

  it('each answers 200 with data of the demo seed, sent as curl sends it', async () => {
    const examples = await pageExamples();
    for (const example of examples) {
      const request = curlRequest(example);
      const target = Buffer.from(request.url.slice(server.origin.length), 'utf8');
      const answer = await send({ ...request, target });
      expect(answer.status, `${example}\n${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.code).toBe(200);
      const data = answer.body.data as {
        list?: unknown[];
        charged?: boolean;
        evaluation?: { status: string };
      };
      if (data.list !== undefined) expect(data.list.length, example).toBeGreaterThan(0);
      // The score example reaches its conclusion: a complete, charged answer.
      else expect([data.charged, data.evaluation?.status], example).toEqual([true, 'pass']);
    }
  });
});

describe('raw UTF-8 in a query string', () => {
  const auth = () => [`Authorization: Bearer ${key}`];
  const query = (raw: Buffer) =>
    send({
      method: 'GET',
      target: Buffer.concat([Buffer.from(`${OPEN_API.publicity}?company=`), raw]),
      headers: auth(),
    });

  it('is read as UTF-8: the same answer as the percent-encoded query', async () => {
    const raw = await query(Buffer.from('科技', 'utf8'));
    const encoded = await query(Buffer.from(encodeURIComponent('科技')));
    expect(raw.status).toBe(200);
    expect(raw.body).toEqual(encoded.body);
    expect(
      (raw.body.data as { list: { company: string }[] }).list.every((r) => r.company.includes('科技')),
    ).toBe(true);
  });

  it('answers 400 in the envelope for bytes that are not UTF-8 and for a bad percent-escape', async () => {
    const refused = { code: 400, message: MSG.textInvalid, data: null, detail: MSG.textInvalid };
    for (const raw of [Buffer.from([0xff, 0xfe]), Buffer.from([0xe7, 0xa7]), Buffer.from('%E7%A7')]) {
      expect(await query(raw), raw.toString('hex')).toEqual({ status: 400, body: refused });
    }
    // Other bytes a request line may not hold are refused as before.
    const control = await query(Buffer.from([0xe7, 0xa7, 0x91, 0x01]));
    expect([control.status, control.body.message]).toEqual([400, MSG.badRequest]);
  });
});
