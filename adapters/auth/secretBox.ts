import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { ChannelSecrets } from '../../core/domain/alerting.js';
import type { SealableFields, SecretBox } from '../../core/ports/SecretBox.js';

const version = 'v1';

/**
 * AES-256-GCM over the secrets' JSON, with a random nonce per seal; the key is derived (HKDF-SHA256)
 * from SERVICE_SECRETS_KEY, or from the JWT secret when that is unset. A sealed text made with
 * another key fails to open (GCM's tag), never opens to garbage.
 */
export class AesSecretBox implements SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, 'surveyor', 'notification channel secrets', 32));
  }

  seal<T extends SealableFields = ChannelSecrets>(secrets: T): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
    return [
      version,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  open<T extends SealableFields = ChannelSecrets>(sealed: string): T {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== version || iv === undefined || tag === undefined || body === undefined)
      throw new Error('not a sealed text of this service');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
    return JSON.parse(text) as T;
  }
}
