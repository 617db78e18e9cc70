import type { ChannelSecrets } from '../domain/alerting.js';

/** Seals secrets an API client wrote (a channel's), so the database never holds them in clear. */
export interface SecretBox {
  seal(secrets: ChannelSecrets): string;
  /** Throws when the sealed text was made with another key. */
  open(sealed: string): ChannelSecrets;
}
