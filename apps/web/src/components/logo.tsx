// The product mark and name '查策网 · 会员中心'.
import { type CSSProperties, useId } from 'react';

const PRODUCT_NAME = '查策网 · 会员中心';

function LogoMark({ size = 32 }: { size?: number }) {
  // One gradient id per mark: with a shared id every mark paints with the first one in the document, and
  // when that one sits in a hidden panel (the login page's brand side on a phone) the tile turns transparent,
  // leaving a white magnifier on a near-white page.
  const gradient = `uc-logo-g-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4096ff" />
          <stop offset="1" stopColor="#0958d9" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="#1668dc" />
      <rect width="64" height="64" rx="14" fill={`url(#${gradient})`} />
      <circle cx="29" cy="29" r="13" fill="none" stroke="#fff" strokeWidth="6" />
      <path d="M38 38l11 11" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({
  size = 32,
  color = 'inherit',
  showName = true,
  style,
}: {
  size?: number;
  color?: string;
  showName?: boolean;
  style?: CSSProperties;
}) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, color, ...style }}>
      <LogoMark size={size} />
      {showName && (
        <span
          style={{
            fontSize: Math.round(size * 0.56),
            fontWeight: 600,
            letterSpacing: 0.5,
            whiteSpace: 'nowrap',
          }}
        >
          {PRODUCT_NAME}
        </span>
      )}
    </span>
  );
}
