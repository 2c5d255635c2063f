// The search tokens of a company name as the registry's SQLite index (companies_grams, FTS5) holds them. Migrations and
// the registry's repo use this file, so it is frozen like them: a change would need a migration rebuilding the index.

/** One character as 4 base-36 digits (every code point fits: 36^4 > 0x10FFFF). */
const charToken = (c: string): string => (c.codePointAt(0) ?? 0).toString(36).padStart(4, '0');

/**
 * The name's adjacent character pairs in order, ASCII letters lower-cased, each as one 8-character alphanumeric token
 * (FTS5's unicode61 tokenizer keeps it whole). A text of two or more characters is part of a name exactly when its
 * own pairs appear in the name's, consecutive and in order: an FTS5 phrase of its tokens.
 */
export function nameGrams(text: string): string[] {
  const chars = [...text.replace(/[A-Z]/g, (c) => c.toLowerCase())];
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1)
    grams.push(charToken(chars[i] ?? '') + charToken(chars[i + 1] ?? ''));
  return grams;
}
