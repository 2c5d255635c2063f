// Deployment settings injected by the server into index.html (docs/architecture.md §1), merged over safe defaults.
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@uc/shared';

export const DEFAULT_RUNTIME_CONFIG: Readonly<RuntimeConfig> = Object.freeze({
  apiBaseUrl: '',
  wsUrl: '',
  mainSiteUrl: 'https://www.chacewang.com',
  icp: '粤ICP备17050740号',
  copyright: 'Copyright © 2017-2026 查策网 版权所有',
  hotline: '400-800-8989',
  chatbotScriptUrl: '',
  toolHosts: [],
});

type StringKey = Exclude<keyof RuntimeConfig, 'toolHosts'>;
const STRING_KEYS: readonly StringKey[] = [
  'apiBaseUrl',
  'wsUrl',
  'mainSiteUrl',
  'icp',
  'copyright',
  'hotline',
  'chatbotScriptUrl',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges an untrusted JSON value over the defaults, keeping only well-typed fields. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, toolHosts: [] };
  if (!isRecord(raw)) return config;
  for (const key of STRING_KEYS) {
    const value = raw[key];
    if (typeof value === 'string') config[key] = value.trim();
  }
  // Empty strings for display fields fall back to the defaults; the URL fields may legitimately be ''.
  for (const key of ['mainSiteUrl', 'icp', 'copyright', 'hotline'] as const) {
    if (!config[key]) config[key] = DEFAULT_RUNTIME_CONFIG[key];
  }
  if (Array.isArray(raw.toolHosts)) {
    config.toolHosts = raw.toolHosts.filter((h): h is string => typeof h === 'string' && h.trim() !== '');
  }
  return config;
}

/** Reads the JSON script tag; a missing tag or broken JSON yields the defaults. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? '';
  try {
    return parseRuntimeConfig(text.trim() ? JSON.parse(text) : {});
  } catch {
    return parseRuntimeConfig({});
  }
}

let cached: RuntimeConfig | null = null;

/** The runtime configuration of this page (read once). */
export function runtimeConfig(): RuntimeConfig {
  cached ??= readRuntimeConfig();
  return cached;
}

/** The configuration of a page rendered on the server, which has no document to read it from. */
export function provideRuntimeConfig(config: RuntimeConfig): void {
  cached = config;
}

/** Test hook: forget the cached configuration. */
export function resetRuntimeConfigCache(): void {
  cached = null;
}
