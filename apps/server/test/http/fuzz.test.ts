// Fuzzing every route (the OpenAPI document's, and the hidden pages') with malformed input on a fixed seed: no 5xx,
// every failure in the Chinese envelope, no stack trace or SQL in any body. New routes are covered without writing
// anything; a failure replays with the same FUZZ_SEED.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import path from 'node:path';
import { API_KEYS_API, OPEN_API, RUNTIME_CONFIG_ELEMENT_ID } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32, type Rng } from '../../src/db/seed/content/prng.js';
import type { TestApp } from '../support/app.js';
import { createClockedApp } from '../support/clocked-app.js';
import { bearer, login } from '../support/login.js';

/** Requests per database: 6,000 unless FUZZ_REQUESTS says otherwise. */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 6_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

interface Operation {
  method: string;
  /** The path with {params}. */
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: Record<string, JsonSchema> | null;
  /** A route the OpenAPI document hides (pages, the websocket, health, development helpers). */
  hidden: boolean;
}

/** Values that broke, or could break, a parser, a driver or a renderer, by kind: each kind is drawn as often. */
const HOSTILE_KINDS: readonly (readonly unknown[])[] = [
  // Numbers out of every range: PostgreSQL's integer, JavaScript's safe integers, floats.
  [
    '0',
    '-1',
    '2147483647',
    '2147483648',
    '-2147483649',
    '4294967296',
    '9007199254740993',
    '9223372036854775808',
    '1e308',
    '-1e-308',
    'NaN',
    'Infinity',
    '0x1f',
    '1.5',
    '3,2147483648',
  ],
  // Characters a database, a log or a terminal chokes on.
  [
    'a\u0000b',
    '\u0000',
    '%00',
    'demo\u0000user',
    '深圳\u0000公司',
    '\u0007\u001b[31m',
    'a\u007fb',
    '\r\nSet-Cookie: x=1',
    '\uD800',
    'x\uDFFFy',
    '\u202Eevil',
  ],
  // Sizes.
  ['', ' ', '😀'.repeat(30), 'ç'.repeat(300), 'x'.repeat(5_000), 'x'.repeat(70_000)],
  // Injections and prototype keys.
  [
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '__proto__',
    'constructor',
    '{"a":1}',
    '[1,2,3]',
    'true',
    'null',
  ],
  // Wrong JSON types.
  [
    2_147_483_648,
    -1,
    0,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    true,
    false,
    null,
    [],
    [1, 'a', null],
    {},
    { __proto__: { polluted: 1 } },
    { constructor: { prototype: { polluted: 1 } } },
  ],
];

const hostile = (rng: Rng) => rng.pick(rng.pick(HOSTILE_KINDS));

/** Tried in every field of every route, one field at a time on an otherwise valid request, before the random part. */
const SWEEP: readonly unknown[] = [
  'a\u0000b',
  '2147483648',
  '9223372036854775808',
  '\uD800',
  '\u001b[31m',
  'x'.repeat(70_000),
];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Values each known field accepts, so a request can be valid except for the one hostile field: otherwise the first
 * broken field would answer 400 and the hostile one would never reach the service or the database.
 */
const VALID: Record<string, readonly unknown[]> = {
  username: ['demouser', 'trialuser', 'nobody001', '13800138000'],
  password: [sha256('Demo12345'), sha256('Wrong12345')],
  new_password1: [sha256('Newpass123')],
  new_password2: [sha256('Newpass123')],
  newpassword: [sha256('Newpass123')],
  surepassword: [sha256('Newpass123')],
  company: ['深圳市科技有限公司'],
  telphone: ['13800138000', '13900000001'],
  phone: ['13800138000', '13900000001'],
  verifycode: ['1234'],
  purpose: ['bind', 'findpwd'],
  type: ['2', 2, 1, 3],
  rememberMe: ['true', false],
  source: ['web'],
  projectName: ['耐久性测试项目'],
  depName: ['深圳市科技创新委员会'],
  amount: ['1.5', 20],
  id: ['1', 1, '3'],
  customerId: ['1'],
  ids: ['1,2,3', '5'],
  area: ['440300', '440305'],
  citycode: ['440300'],
  industry_code: ['C', 'I'],
  industry_codes: ['C,I'],
  is_hightech: ['0', '1'],
  page: ['1', '2'],
  size: ['10', '1'],
  guid: ['abc'],
  key: ['demouser'],
  blockX: ['120', 37],
  duration: ['700'],
  trail: ['[[0,0,0],[10,1,100]]'],
  token: ['abc'],
};

/** Query fields tried on the hidden routes, whose schemas the document does not show. */
const HIDDEN_FIELDS = ['guid', 'key', 'phone', 'token', 'id', 'username'];

/** A value the field accepts; `first` takes the first known one (the sweep's base request is the same each time). */
function plausible(name: string, schema: JsonSchema | undefined, rng: Rng, first = false): unknown {
  const known = VALID[name];
  if (known) return first ? known[0] : rng.pick(known);
  if (!schema) return 'abc';
  if (schema.enum?.length) return rng.pick(schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') {
    const min = schema.minimum ?? 1;
    return rng.int(min, Math.min(schema.maximum ?? 100, min + 100));
  }
  if (type === 'boolean') return rng.chance(0.5);
  if (type === 'array') return [plausible(name, schema.items, rng)];
  if (schema.anyOf?.length) return plausible(name, rng.pick(schema.anyOf), rng);
  return rng.pick(['1', 'abc', '440300', '深圳市科技有限公司', 'demouser', '13800138000']);
}

/**
 * Half the requests are valid but for one hostile field (it reaches the service); the others are hostile all over
 * (the validators and parsers meet everything at once). Sometimes a prototype key or an unknown field is added.
 */
function fields(schemas: Record<string, JsonSchema>, rng: Rng): Record<string, unknown> {
  const names = Object.keys(schemas);
  const oneHostile = rng.chance(0.5) ? rng.pick(names.length ? names : ['']) : null;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const spoilt = oneHostile === null ? rng.chance(0.55) : name === oneHostile;
    if (oneHostile === null && rng.chance(0.15)) continue;
    out[name] = spoilt ? hostile(rng) : plausible(name, schema, rng);
  }
  if (rng.chance(0.1))
    out[rng.pick(['__proto__', 'constructor', 'prototype', 'x'.repeat(300), '\u0000'])] = 1;
  return out;
}

/** encodeURIComponent, except that a lone surrogate goes out as the bytes of its (invalid) UTF-8 form. */
const encode = (text: string) =>
  text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function queryString(params: Record<string, unknown>, rng: Rng): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    const values = Array.isArray(v) && rng.chance(0.5) ? v : [v];
    for (const item of values) parts.push(`${encode(k)}=${encode(asText(item))}`);
  }
  if (rng.chance(0.05)) parts.push('%zz=%', 'a[b][c]=1', '=');
  return parts.length ? `?${parts.join('&')}` : '';
}

type OpenApi = {
  paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>;
};

function documented(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      const bodySchema = content ? Object.values(content)[0]?.schema : undefined;
      // One body per variant (the login's three types): every field of any of them.
      const variants = bodySchema?.oneOf ?? bodySchema?.anyOf ?? [];
      const properties = Object.assign(
        {},
        ...variants.map((v) => v.properties ?? {}),
        bodySchema?.properties,
      );
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: content ? properties : null,
        hidden: false,
      });
    }
  }
  return ops;
}

/**
 * Every GET route of Fastify's route tree (`printRoutes({ commonPrefix: false })`: one segment per line, indented
 * four columns per level) that the document does not list: the pages, the websocket's path, health and helpers.
 */
function hiddenRoutes(tree: string, known: Set<string>): Operation[] {
  const stack: string[] = [];
  const ops: Operation[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    stack.push(segment);
    const path = stack
      .join('')
      .replace(/\/?\*$/, '/anything')
      .replace(/:(\w+)/g, '{$1}');
    const normalised = path.endsWith('/') ? path : `${path}/`;
    if (!methods.split(', ').includes('GET') || known.has(normalised) || known.has(path)) continue;
    ops.push({
      method: 'GET',
      path,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
      query: Object.fromEntries(HIDDEN_FIELDS.map((name) => [name, {}])),
      body: null,
      hidden: true,
    });
  }
  return ops;
}

const CHINESE = /[\u4e00-\u9fff]/;
const LEAKS = [
  /\n\s+at /,
  /\.(ts|js):\d+/,
  /node_modules/,
  /\bSELECT\b|\bINSERT INTO\b|\bUPDATE\b.+\bSET\b|\bDELETE FROM\b/i,
  /SQLITE_|sqlite3?\b|\bpostgres\b|\brelation "|violates|syntax error at|invalid input syntax|out of range for type|invalid byte sequence/i,
  /TypeError|ReferenceError|RangeError|Cannot read propert/,
];

/**
 * What every response must satisfy; returns the failure, or null. A hidden page route's own refusal (a not-found page,
 * or a browser sent back by WeChat's sign-in with a bad state: HTML in Chinese) is the one non-2xx answer that is not
 * the JSON envelope.
 */
function judge(status: number, contentType: string, body: string, page = false): string | null {
  if (status >= 500) return `HTTP ${status}`;
  for (const leak of LEAKS) if (leak.test(body)) return `leak ${leak}`;
  if (status < 300 || status === 304) return null;
  // A redirect says all in its Location header.
  if (status < 400 && body === '') return null;
  if (page && status >= 400 && status < 500 && contentType.includes('text/html') && CHINESE.test(body))
    return null;
  if (!contentType.includes('json')) return `non-JSON ${status} body (${contentType})`;
  let parsed: { code?: unknown; message?: unknown; detail?: unknown };
  try {
    parsed = JSON.parse(body);
  } catch {
    return `unparsable ${status} body`;
  }
  if (typeof parsed.code !== 'number') return `${status} without code`;
  if (typeof parsed.message !== 'string' || !CHINESE.test(parsed.message))
    return `${status} message not Chinese`;
  if (typeof parsed.detail !== 'string' || !CHINESE.test(parsed.detail))
    return `${status} detail not Chinese`;
  return null;
}

type Encoding = 'json' | 'form' | 'broken' | 'type' | 'huge';

/** One request to make: the fields of its query and body, and how the body travels. */
interface Case {
  op: Operation;
  query: Record<string, unknown>;
  body: Record<string, unknown> | null;
  encoding: Encoding;
}

/** Every field of every route set to each SWEEP value in turn, the others valid; bodies as JSON and as a form. */
function* sweepCases(ops: Operation[], rng: Rng): Generator<Case> {
  const valid = (schemas: Record<string, JsonSchema>) =>
    Object.fromEntries(
      Object.entries(schemas).map(([name, schema]) => [name, plausible(name, schema, rng, true)]),
    );
  for (const op of ops) {
    const query = valid(op.query);
    const body = op.body ? valid(op.body) : null;
    for (const value of SWEEP) {
      for (const name of Object.keys(op.query))
        yield { op, query: { ...query, [name]: value }, body, encoding: 'json' };
      if (!body) continue;
      for (const name of Object.keys(body)) {
        for (const encoding of ['json', 'form'] as const)
          yield { op, query, body: { ...body, [name]: value }, encoding };
      }
    }
  }
}

function randomCase(op: Operation, rng: Rng): Case {
  const encoding = rng.pick<Encoding>(['json', 'json', 'form', 'broken', 'type', 'huge']);
  return { op, query: fields(op.query, rng), body: op.body ? fields(op.body, rng) : null, encoding };
}

/** The request body of a case, setting its content type. */
function payloadOf({ body, encoding }: Case, rng: Rng, headers: Record<string, string>): string | undefined {
  if (!body) return undefined;
  headers['content-type'] = 'application/json';
  switch (encoding) {
    case 'json':
      return JSON.stringify(body);
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return queryString(body, rng).slice(1);
    case 'broken':
      return rng.pick(['{"a":', '[', '{"__proto__":{"x":1}}', 'null', '"str"', '\u0000', '{"a":1}}']);
    case 'type':
      headers['content-type'] = rng.pick(['text/plain', 'application/xml', 'multipart/form-data', 'x/y']);
      return 'a=1';
    case 'huge':
      return JSON.stringify({ pad: 'x'.repeat(rng.chance(0.5) ? 1_100_000 : 200_000) });
  }
}

describe('fuzzing every route', () => {
  let t: TestApp;
  let token: string;
  /** An API key of demouser's, with calls enough: the open API is fuzzed past its key check too. */
  let apiKey: string;
  let ops: Operation[];

  beforeAll(async () => {
    // Limits out of the way: a protective 503 is right for a flood, but here it would hide what each route does.
    const many = 1_000_000;
    t = await createClockedApp({
      rateLimitPerMinute: 0,
      login: { maxPerIpPerMinute: many, maxFailsPerIp: many },
      captcha: { perIpPerMinute: many },
      sms: { perIpPerMinute: many, dailyPerIp: many, dailyPerMobile: many },
      identity: { registerPerIpPerMinute: many, findPasswordPerIpPerMinute: many },
    });
    // A built web app, as deployed (the page index.html is read on first use).
    await mkdir(t.config.webDistDir, { recursive: true });
    await writeFile(
      path.join(t.config.webDistDir, 'index.html'),
      `<!doctype html><html><head><script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">{}</script></head><body><div id="root"></div></body></html>`,
    );
    // ...and a built console.
    await mkdir(t.config.adminDistDir, { recursive: true });
    await writeFile(
      path.join(t.config.adminDistDir, 'index.html'),
      '<!doctype html><html><body></body></html>',
    );
    token = await login(t.app, 'demouser');
    const created = await t.app.inject({
      method: 'POST',
      url: API_KEYS_API.keys,
      headers: bearer(token),
      payload: { name: 'fuzz' },
    });
    apiKey = created.json().data.key;
    const owner = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demouser')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('api_quotas').where('user_id', '=', owner.id).execute();
    await t.db
      .insertInto('api_quotas')
      .values({
        user_id: owner.id,
        total: 1_000_000,
        used: 0,
        expired_at: '2099-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const api = documented((await t.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApi>());
    const known = new Set(api.map((op) => op.path));
    ops = [...api, ...hiddenRoutes(t.app.printRoutes({ commonPrefix: false }), known)];
  });
  afterAll(() => t?.close());

  it('covers every documented route and the hidden ones', () => {
    expect(ops.filter((op) => !op.hidden).length).toBeGreaterThan(40);
    const hidden = ops.filter((op) => op.hidden).map((op) => op.path);
    expect(hidden).toEqual(expect.arrayContaining(['/news/detail', '/ws/msg/{group_id}', '/agreement.html']));
  });

  it(`answers ${TOTAL} malformed requests without a 5xx, a leak or a body outside the envelope`, {
    timeout: 600_000,
  }, async () => {
    const rng = mulberry32(SEED);
    const failures: string[] = [];
    /** Failures by kind and route template, for the summary. */
    const classes = new Map<string, number>();
    /** Signed-in requests a handler answered: the fuzzer must keep reaching past the token check. */
    let reached = 0;
    /** Requests the sweep took; the rest are random. */
    let sweepSize = 0;
    const sweep = sweepCases(ops, rng);
    for (let n = 0; n < TOTAL; n += 1) {
      const next = sweep.next();
      const current = next.done ? randomCase(ops[n % ops.length] as Operation, rng) : next.value;
      const { op } = current;
      if (next.done && sweepSize === 0) sweepSize = n;
      let url = op.path;
      for (const name of op.pathParams) {
        const value = rng.chance(0.3) ? rng.int(1, 100) : hostile(rng);
        url = url.replace(`{${name}}`, encode(asText(value)));
      }
      url += queryString(current.query, rng);
      const signed = rng.chance(0.7) || !next.done;
      const headers: Record<string, string> = !signed
        ? {}
        : op.path.startsWith(OPEN_API.base)
          ? { authorization: `Bearer ${apiKey}` }
          : bearer(token);
      if (op.hidden) headers.accept = 'text/html';
      const payload = payloadOf(current, rng, headers);
      const res = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      const failure = judge(res.statusCode, String(res.headers['content-type'] ?? ''), res.body, op.hidden);
      if (failure) {
        failures.push(`${failure}: ${op.method} ${url.slice(0, 160)} -> ${res.body.slice(0, 160)}`);
        const kind = `${failure.replace(/ \(.*/, '')}: ${op.method} ${op.path}`;
        classes.set(kind, (classes.get(kind) ?? 0) + 1);
      }
      if (headers.authorization && res.statusCode === 200) reached += 1;
      // A logout, or a login that hit the right password, ends the fuzzer's session: sign in again.
      if (op.path.startsWith('/auth/log')) token = await login(t.app, 'demouser');
    }
    console.info(
      `fuzz (${process.env.TEST_DB ?? 'sqlite'}, seed ${SEED}): ${TOTAL} requests over ${ops.length} routes, ` +
        `${sweepSize} of them sweeping every field, ${reached} signed-in answers, ${failures.length} failures`,
      Object.fromEntries(classes),
    );
    expect(sweepSize).toBeGreaterThan(0);
    expect(reached).toBeGreaterThan(TOTAL / 10);
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it('answers broken HTTP itself in the envelope: chunking, huge headers, bad request lines, a plain GET on the websocket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let out = '';
        socket.on('data', (chunk) => {
          out += chunk.toString('utf8');
        });
        socket.on('close', () => resolve(out));
        socket.on('error', () => resolve(out));
      });
    const cases = [
      'POST /auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      `GET /auth/info/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'GET /auth/info/ HTTP/9.9\r\nHost: x\r\n\r\n',
      'BREW /auth/info/ HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /auth/info/ HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
      'GET /ws/msg/1/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ];
    const failures: string[] = [];
    for (const request of cases) {
      const response = await raw(request);
      const [head = '', body = ''] = response.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      const contentType = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
      const decoded = /transfer-encoding: chunked/i.test(head)
        ? body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n/gi, '')
        : body;
      const failure = judge(status, contentType, decoded);
      if (failure) failures.push(`${failure}: ${request.slice(0, 40)} -> ${response.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });
});
