// The web app's index.html per first view: its skeleton, inlined styles and preloads, each variant compressed once.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FirstView } from '@uc/shared';
import { escapeHtml } from '../lib/html.js';
import { BOOT_DATA_ID, BOOT_SCRIPT } from './boot-script.js';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** `<template data-skeleton="name" ...attributes>body</template>` in the built index.html (apps/web/index.html). */
const TEMPLATE = /<template data-skeleton="([\w-]+)"([^>]*)>([\s\S]*?)<\/template>\s*/g;
const INCLUDE = /<!--skeleton:([\w-]+)-->/g;
const SLOT = /\{\{(\w+)\}\}/g;
const ROOT = '<div id="root"></div>';
/** The stylesheet links Vite writes for the entry. */
const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;
/** The entry script and the preloads, as Vite and firstViewLinks write them. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD_LINK = /<link rel="(modulepreload)" crossorigin href="([^"]+)">\s*/g;
/** Includes nest at most this deep; a template including itself stops there instead of looping. */
const MAX_INCLUDE_DEPTH = 4;

/** One chunk of Vite's build manifest (`build.manifest: true`), keyed by source path. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The same page in each encoding the server offers. */
export interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The page as text, and its #root element as written in it (with the skeleton), for a first view to replace. */
  html: string;
  root: string;
}

interface Template {
  name: string;
  paths: string[];
  /** Whose requests its paths serve: everyone's, only those without a session cookie, or only those with one. */
  audience: 'any' | 'visitor' | 'member';
  /** data-with="a:b": inside this template, an include of a includes b. */
  aliases: Map<string, string>;
  session: boolean;
  preload: string[];
  body: string;
}

function listAttribute(attributes: string, name: string): string[] {
  const match = new RegExp(`${name}="([^"]*)"`).exec(attributes);
  return match?.[1]?.split(/\s+/).filter(Boolean) ?? [];
}

function parseTemplates(html: string): { html: string; templates: Map<string, Template> } {
  const templates = new Map<string, Template>();
  const stripped = html.replace(TEMPLATE, (_all, name: string, attributes: string, body: string) => {
    templates.set(name, {
      name,
      paths: listAttribute(attributes, 'data-paths'),
      audience: /\sdata-visitor\b/.test(attributes)
        ? 'visitor'
        : /\sdata-member\b/.test(attributes)
          ? 'member'
          : 'any',
      aliases: new Map(
        listAttribute(attributes, 'data-with').map((pair) => pair.split(':', 2) as [string, string]),
      ),
      session: /\sdata-session\b/.test(attributes),
      preload: listAttribute(attributes, 'data-preload'),
      body,
    });
    return '';
  });
  return { html: stripped, templates };
}

function expand(
  body: string,
  templates: Map<string, Template>,
  aliases: ReadonlyMap<string, string>,
  depth = 0,
): string {
  if (depth >= MAX_INCLUDE_DEPTH) return body.replace(INCLUDE, '');
  return body.replace(INCLUDE, (_all, name: string) => {
    const part = templates.get(aliases.get(name) ?? name);
    return part ? expand(part.body, templates, aliases, depth + 1) : '';
  });
}

/** Reads a built file by its URL (the base stripped); null when it is not there. */
export type ReadAsset = (url: string) => Promise<string | null>;

/** A stylesheet as a `<style>` element: the first paint then waits for nothing but the HTML. */
async function inlineStyle(url: string, read: ReadAsset): Promise<string> {
  const css = await read(url);
  return css === null ? '' : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/**
 * The first view's own modules and stylesheets, beyond what the entry loads: the route chunks it imports lazily
 * would otherwise start only once the entry has run. Its stylesheets are inlined (the skeleton uses their classes),
 * each with a disabled `<link rel="stylesheet">` of its URL: Vite's loader adds a stylesheet for a lazy chunk's CSS
 * unless the page has a stylesheet link of that URL, and a disabled one is neither fetched nor applied. Without it
 * the loader applied the same rules a second time after the page was drawn, which made the browser match every
 * element against every rule again (on a signed-in phone page one of the longest tasks of its load).
 */
export async function firstViewLinks(
  manifest: Manifest,
  sources: readonly string[],
  base: string,
  read: ReadAsset,
): Promise<string> {
  const closure = (keys: readonly string[], seen: Set<string>) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const loaded = closure(
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
    new Set(),
  );
  const wanted = [...closure(sources, new Set())].filter((key) => !loaded.has(key));
  const url = (file: string) => `${base}/${file}`;
  const styles = [...new Set(wanted.flatMap((key) => manifest[key]?.css ?? []))].map(url);
  const inlined = await Promise.all(styles.map((href) => inlineStyle(href, read)));
  return [
    ...inlined,
    ...styles.map((href) => `<link rel="stylesheet" disabled href="${escapeHtml(href)}">`),
    ...wanted.map(
      (key) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url(manifest[key]?.file ?? ''))}">`,
    ),
  ].join('');
}

/**
 * A page that paints from its skeleton starts its modules only after that first frame (plugins/boot-script.ts): the
 * entry script and the preloads leave the head for the boot data, in the same order.
 */
export function deferModules(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const links: [string, string][] = [];
  const head = html.replace(ENTRY_SCRIPT, '').replace(PRELOAD_LINK, (_all, rel: string, href: string) => {
    links.push([rel, href]);
    return '';
  });
  // JSON inside <script>: "<" escaped so no value can close the element.
  const data = JSON.stringify({ entry: entry[1], links }).replace(/</g, '\\u003c');
  return head.replace(
    '</body>',
    () =>
      `<script type="application/json" id="${BOOT_DATA_ID}">${data}</script><script>${BOOT_SCRIPT}</script></body>`,
  );
}

async function encode(html: string, root = ROOT): Promise<EncodedPage> {
  const identity = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gz(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { identity, br, gzip: gzipped, html, root };
}

/**
 * The page with a first view rendered on the server in #root instead of the skeleton, its styles in the head, and
 * the layout it was drawn for on the root (`data-first-view`: the browser hydrates it with the same media answers).
 * antd's styles go before the page's own, where antd puts them in the browser too: the app's rules override antd's
 * of the same specificity, so the painted page is the hydrated one.
 */
export function withFirstView(page: EncodedPage, view: FirstView, phone: boolean): string {
  const root = `<div id="root" data-first-view="${phone ? 'phone' : 'wide'}">${view.html}</div>`;
  return page.html.replace(page.root, () => root).replace('</title>', () => `</title>${view.styles}`);
}

/** The variants of the page, chosen by in-app path (basename stripped, normalised) and session cookie. */
export interface WebPages {
  pick(path: string, hasSession: boolean): EncodedPage;
}

/**
 * Renders every variant of the built index.html once: the plain page (no skeleton) and one per skeleton template.
 * `slots` fill the `{{name}}` placeholders of the skeletons (HTML-escaped); `read` reads the stylesheets to inline.
 */
export async function renderWebPages(
  html: string,
  manifest: Manifest | null,
  slots: Readonly<Record<string, string>>,
  base: string,
  read: ReadAsset,
): Promise<WebPages> {
  const { html: withTemplates, templates } = parseTemplates(html);
  // The entry's stylesheet (the global rules) is inlined too, for the same reason.
  const entryStyles = [...withTemplates.matchAll(ENTRY_STYLESHEET)];
  const inlined = await Promise.all(entryStyles.map((match) => inlineStyle(match[1] ?? '', read)));
  const page = entryStyles.reduce(
    (result, match, i) => result.replace(match[0], () => inlined[i] ?? ''),
    withTemplates,
  );
  const plain = await encode(page);
  const forVisitor = new Map<string, EncodedPage>();
  const forMember = new Map<string, EncodedPage>();
  let forSession: EncodedPage | undefined;
  for (const template of templates.values()) {
    if (template.paths.length === 0 && !template.session) continue;
    const skeleton = expand(template.body, templates, template.aliases).replace(SLOT, (_all, name: string) =>
      escapeHtml(slots[name] ?? ''),
    );
    const links = manifest ? await firstViewLinks(manifest, template.preload, base, read) : '';
    const root = `<div id="root">${skeleton}</div>`;
    const variant = await encode(
      deferModules(page.replace(ROOT, () => root).replace('</head>', () => `${links}</head>`)),
      root,
    );
    for (const path of template.paths) {
      if (template.audience !== 'member') forVisitor.set(path, variant);
      if (template.audience !== 'visitor') forMember.set(path, variant);
    }
    if (template.session) forSession = variant;
  }
  return {
    pick: (path, hasSession) =>
      (hasSession ? (forMember.get(path) ?? forSession) : forVisitor.get(path)) ?? plain,
  };
}
