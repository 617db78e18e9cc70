import { readFileSync } from 'node:fs';
import { PermanentJobError } from '../../core/domain/job.js';
import type { ArchiveCredentials } from './archiveHttp.js';

/**
 * The archive account from the worker's environment: ARCHIVE_USERNAME, the password in
 * ARCHIVE_PASSWORD_FILE (read on each use, so a rotated password is picked up; one trailing line
 * break is not part of it) and the origins it may go to, ARCHIVE_CREDENTIAL_ORIGINS. Null when
 * neither is set; half a configuration is an error.
 */
export const archiveCredentialsFrom =
  (username: string | undefined, passwordFile: string | undefined, origins: readonly string[] | undefined) =>
  (): ArchiveCredentials | null => {
    if (username === undefined && passwordFile === undefined) return null;
    if (username === undefined || passwordFile === undefined)
      throw new PermanentJobError('set both ARCHIVE_USERNAME and ARCHIVE_PASSWORD_FILE, or neither');
    if (origins === undefined || origins.length === 0)
      throw new PermanentJobError(
        'set ARCHIVE_CREDENTIAL_ORIGINS: the origins the archive account may be sent to',
      );
    let password: string;
    try {
      password = readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      throw new PermanentJobError(
        `ARCHIVE_PASSWORD_FILE cannot be read: ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
    if (password === '') throw new PermanentJobError('ARCHIVE_PASSWORD_FILE is empty');
    return { username, password, origins };
  };
