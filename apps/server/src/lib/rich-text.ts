// The one sanitizer of rich text (a notice's body, a help article): an allow-list of tags and attributes, so nothing
// executable survives (no script, no event handler, no foreign frame, no javascript:/data: URL, no CSS beyond
// text-align). It also says, in Chinese, what it removed, so the console can show staff before they publish.
import sanitizeHtml from 'sanitize-html';

const TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'code',
  'pre',
  'span',
  'colgroup',
  'col',
] as const;

/** What the console's editor writes that is dropped without a word (layout hints of its tables). */
const QUIET: Record<string, readonly string[]> = {
  table: ['style'],
  col: ['style'],
  td: ['colwidth'],
  th: ['colwidth'],
};

/** Tags removed with everything inside them (their text is code or a foreign document, not the notice's words). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'template',
  'xmp',
  'title',
  'svg',
  'math',
];

const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  p: ['style'],
  span: ['style'],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  h5: ['style'],
  h6: ['style'],
  ol: ['start'],
};

/** An image of our own file route (`/api/ccw/files/{id}/`). */
const OWN_FILE = /^\/api\/ccw\/files\/\d+\/$/;

/** Removed tags and attributes people understand by name; anything else is named as it is. */
const tagName = (tag: string) => `<${tag}> 标签`;
const attributeName = (name: string) => `${name} 属性`;

/** A URL's scheme as a browser reads it: control characters and whitespace inside are ignored. */
function schemeOf(url: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these inside a scheme.
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return match ? match[1]!.toLowerCase() : null;
}

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);

export interface SanitizedRichText {
  html: string;
  /** What was removed, in Chinese, each once (`<script> 标签`, `onclick 属性`, `javascript: 链接`). */
  removed: string[];
}

/** The HTML with only the allow-list left, and what was removed. */
export function sanitizeRichText(html: string): SanitizedRichText {
  const removed = new Set<string>();
  const note = (what: string) => removed.add(what);

  const clean = sanitizeHtml(html, {
    allowedTags: [...TAGS],
    allowedAttributes: ATTRIBUTES,
    // Schemes are checked by the transforms below (they name what they remove); none else is taken.
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    allowVulnerableTags: false,
    parseStyleAttributes: true,
    enforceHtmlBoundary: false,
    onOpenTag: (name, attributes) => {
      const tag = name.toLowerCase();
      if (!(TAGS as readonly string[]).includes(tag)) {
        note(tagName(tag));
        return;
      }
      const allowed = ATTRIBUTES[tag] ?? [];
      for (const [attribute, value] of Object.entries(attributes)) {
        const key = attribute.toLowerCase();
        if (QUIET[tag]?.includes(key)) continue;
        if (!allowed.includes(key)) note(attributeName(key));
        else if (
          key === 'style' &&
          /[^\s;]/.test(value.replace(/text-align\s*:\s*(left|right|center|justify)\s*;?/gi, ''))
        )
          note('样式（仅保留对齐方式）');
      }
    },
    transformTags: {
      b: 'strong',
      i: 'em',
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const scheme = schemeOf(href);
        const kept = href !== '' && scheme !== null && LINK_SCHEMES.has(scheme);
        if (href && !kept) note(scheme ? `${scheme}: 链接` : '站内相对链接');
        const forced = { rel: 'noopener noreferrer nofollow', target: '_blank' };
        return { tagName, attribs: kept ? { href, ...forced } : forced };
      },
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        const scheme = schemeOf(src);
        const out = { ...attribs };
        if (!(OWN_FILE.test(src) || scheme === 'https')) {
          delete out.src;
          note(scheme ? `${scheme}: 图片地址` : '非本站图片地址');
        }
        return { tagName, attribs: out };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
  return { html: clean.trim(), removed: [...removed] };
}
