// The mail interface every provider implements; a provider only delivers, what to send lives in the modules.

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
  /** HTML body (callers escape what they interpolate). */
  html: string;
}

export interface MailProvider {
  readonly name: string;
  /** Delivers a message; rejects when the server refused it or could not be reached. */
  send(message: MailMessage): Promise<void>;
}

/** A message the console provider "sent" (development and tests only). */
export interface MailOutboxEntry extends MailMessage {
  /** ISO-8601 UTC. */
  sentAt: string;
}

export interface MailOutbox {
  /** Messages to `to`, newest first. */
  list(to: string): MailOutboxEntry[];
}
