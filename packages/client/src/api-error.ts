// The error every API call of both apps rejects with: what kind of failure, the envelope's code and message (the
// server's words, shown as they are), the HTTP status, and what the app's failure handling already did about it.

export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'network' | 'canceled';

/**
 * What the client's generic failure handling did before the caller saw the error: a new sign-in asked for, a move to
 * an error page, a message shown, or nothing ('none': the screen says what failed).
 */
export type ApiErrorHandling = 'relogin' | 'navigate' | 'toast' | 'none';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** Body code (business failures, or the body of an HTTP failure). */
  readonly code: number | undefined;
  /** HTTP status when the server answered. */
  readonly status: number | undefined;
  /** The envelope's data: some failures carry the text to show there (docs/requirements.md §8 "data text"). */
  readonly data: unknown;
  /** What the generic handler already did about it; screens skip their own message when not 'none'. */
  readonly handledBy: ApiErrorHandling;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    code?: number;
    status?: number;
    data?: unknown;
    handledBy?: ApiErrorHandling;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.data = init.data;
    this.handledBy = init.handledBy ?? 'none';
  }
}
