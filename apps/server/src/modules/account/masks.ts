// Masking for the security page: enough to recognise one's own mobile or address, not enough to learn it.

/** 13800138000 -> 138****8000; '' for none. */
export function maskMobile(mobile: string | null): string {
  if (!mobile) return '';
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

/** alice@example.com -> a***e@example.com; '' for none. */
export function maskEmail(email: string): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}
