// A few seconds of memory for checked sessions, so authenticated reads skip two queries; revocations here drop entries at once.
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  userId: number;
  /** The earlier of the cache deadline and the session's own expiry. */
  until: number;
}

export class SessionCache<T> {
  readonly #entries = new Map<string, Entry<T>>();

  constructor(private readonly ttlMs: number) {}

  get(jti: string, nowMs: number): T | undefined {
    const entry = this.#entries.get(jti);
    if (!entry) return undefined;
    if (entry.until > nowMs) return entry.value;
    this.#entries.delete(jti);
    return undefined;
  }

  set(jti: string, userId: number, value: T, nowMs: number, sessionExpiresMs: number): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(jti, { value, userId, until: Math.min(nowMs + this.ttlMs, sessionExpiresMs) });
  }

  forget(jti: string): void {
    this.#entries.delete(jti);
  }

  forgetUser(userId: number): void {
    this.forgetWhere((_value, entryUserId) => entryUserId === userId);
  }

  forgetWhere(matches: (value: T, userId: number) => boolean): void {
    for (const [jti, entry] of this.#entries)
      if (matches(entry.value, entry.userId)) this.#entries.delete(jti);
  }
}
