import type { ChannelSecrets } from '../domain/alerting.js';

/** What may be sealed: named secrets (a channel's, a login's provider refresh token). */
export type SealableFields = object;

/**
 * Seals secrets so the database never holds them in clear: a channel's (which an API client
 * wrote), and an identity provider's refresh and device codes.
 */
export interface SecretBox {
  seal<T extends SealableFields = ChannelSecrets>(secrets: T): string;
  /** Throws when the sealed text was made with another key. */
  open<T extends SealableFields = ChannelSecrets>(sealed: string): T;
}
