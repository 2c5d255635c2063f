import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig, readRuntimeConfig } from './runtime-config';

function docWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.id = 'uc-runtime-config';
    script.type = 'application/json';
    script.textContent = json;
    doc.head.appendChild(script);
  }
  return doc;
}

describe('runtime config', () => {
  it('defaults when the tag is missing, empty or broken', () => {
    expect(readRuntimeConfig(docWith(null))).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(readRuntimeConfig(docWith('{}'))).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(readRuntimeConfig(docWith('{broken'))).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
  it('merges the injected values over the defaults', () => {
    const config = readRuntimeConfig(
      docWith(
        JSON.stringify({ apiBaseUrl: 'https://api.x.cn', toolHosts: ['http://localhost:8091'], hotline: '' }),
      ),
    );
    expect(config).toMatchObject({
      apiBaseUrl: 'https://api.x.cn',
      toolHosts: ['http://localhost:8091'],
      hotline: '400-800-8989',
      icp: '粤ICP备17050740号',
      mainSiteUrl: 'https://www.chacewang.com',
    });
  });
  it('drops wrongly typed fields', () => {
    expect(parseRuntimeConfig({ apiBaseUrl: 5, toolHosts: 'x', icp: ['a'] })).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig({ toolHosts: ['ok', 3, ''] }).toolHosts).toEqual(['ok']);
    expect(parseRuntimeConfig(null)).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
});
