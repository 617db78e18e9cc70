import { readFileSync } from 'node:fs';
import type { SecretRegistry } from '../../core/redaction.js';
import type { Config } from '../../schema/environment.js';

/** The secrets of the environment, registered so that the redaction function can hide them. */
export const registerSecrets = (config: Config, secrets: SecretRegistry): void => {
  secrets.add(config.SERVICE_JWT_SECRET);
  secrets.add(config.SERVICE_SECRETS_KEY);
  secrets.add(config.BATCH_SSH_PRIVATE_KEY);
  if (config.BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE) {
    try {
      secrets.add(readFileSync(config.BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE, 'utf8').replace(/\r?\n$/, ''));
    } catch {
      // unreadable: the security check reports it
    }
  }
  if (config.ARCHIVE_PASSWORD_FILE) {
    try {
      const password = readFileSync(config.ARCHIVE_PASSWORD_FILE, 'utf8').replace(/\r?\n$/, '');
      secrets.add(password);
      // The Authorization header's form of it, should a peer ever echo the header back.
      secrets.add(Buffer.from(`${config.ARCHIVE_USERNAME ?? ''}:${password}`).toString('base64'));
    } catch {
      // unreadable: staging and `surveyor archive ping` say so
    }
  }
  if (config.SERVICE_OIDC_CLIENT_SECRET_FILE) {
    try {
      secrets.add(readFileSync(config.SERVICE_OIDC_CLIENT_SECRET_FILE, 'utf8').replace(/\r?\n$/, ''));
    } catch {
      // unreadable: the composition refuses to start with it
    }
  }
  if (config.DATABASE_URL) {
    try {
      secrets.add(decodeURIComponent(new URL(config.DATABASE_URL).password));
    } catch {
      // decodeConfig already validated the URL
    }
  }
};
