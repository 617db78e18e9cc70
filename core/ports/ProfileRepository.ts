import type { NewEvent } from '../domain/event.js';
import type { DeploymentProfile } from '../domain/profile.js';

export type ProfileWriteOutcome = 'ok' | 'name_taken' | 'default_taken' | 'not_found' | 'version_conflict';

/** Every write records its event in the same transaction, or neither happens. */
export interface ProfileRepository {
  insert(p: DeploymentProfile, event: NewEvent, now: Date): Promise<ProfileWriteOutcome>;
  /** Replaces a profile when its stored version is `expectedVersion`; stores version + 1. */
  replace(
    p: DeploymentProfile,
    expectedVersion: number,
    event: NewEvent,
    now: Date,
  ): Promise<ProfileWriteOutcome>;
  /** Deletes a profile (when it is still at `expectedVersion`); false when it was not there. */
  delete(id: string, expectedVersion: number, event: NewEvent, now: Date): Promise<boolean>;
  get(id: string): Promise<DeploymentProfile | null>;
  /** By name within a scope (a module, or null for global). */
  findByName(projectModule: string | null, name: string): Promise<DeploymentProfile | null>;
  findDefault(projectModule: string | null): Promise<DeploymentProfile | null>;
  /** A module's profiles and the global ones; every profile when `projectModule` is undefined. */
  list(projectModule?: string): Promise<readonly DeploymentProfile[]>;
  /** The same, a page at a time (by scope, then name), after an opaque cursor of the last page. */
  page(
    projectModule: string | undefined,
    limit: number,
    cursor: string | null,
  ): Promise<{ items: readonly DeploymentProfile[]; nextCursor: string | null } | 'bad_cursor'>;
}
