// Client-side password hashing (docs/architecture.md §5): SHA-256, lowercase hex. Every form that sends a password uses it.

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
