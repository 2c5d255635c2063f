// The response envelope every API call answers with (docs/architecture.md §4).

/** Every response body. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  /** Present on transport-level failures (HTTP 4xx/5xx). */
  detail?: string;
}
