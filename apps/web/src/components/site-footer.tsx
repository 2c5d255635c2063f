// Copyright and ICP record number from the runtime configuration (docs/requirements.md §1).
import type { CSSProperties } from 'react';
import { runtimeConfig } from '../lib/runtime-config';

export function SiteFooter({ style, linkColor }: { style?: CSSProperties; linkColor?: string }) {
  const { copyright, icp } = runtimeConfig();
  return (
    <div style={{ textAlign: 'center', fontSize: 12, lineHeight: 1.8, ...style }}>
      <span>{copyright}</span>
      <span style={{ margin: '0 8px' }} aria-hidden="true">
        |
      </span>
      {/* A record number is one token: it moves to the next line whole instead of leaving 号 alone. */}
      <a
        href="https://beian.miit.gov.cn/"
        target="_blank"
        rel="noopener noreferrer"
        style={{ color: linkColor ?? 'inherit', whiteSpace: 'nowrap' }}
      >
        {icp}
      </a>
    </div>
  );
}
