import type { NewEvent } from '../domain/event.js';
import type { ProjectRole, ProjectRoles } from '../domain/roles.js';
import type { User, UserChange } from '../domain/user.js';

export type { UserChange };

/** Every write records its events (the account audit) in the same transaction, or neither happens. */
export interface UserRepository {
  /** Returns false when the username is taken (and records nothing). */
  insert(user: User, event: NewEvent, now: Date): Promise<boolean>;
  findByUsername(username: string): Promise<User | null>;
  findById(id: string): Promise<User | null>;
  countAdmins(): Promise<number>;
  list(): Promise<readonly User[]>;
  /**
   * Changes an account; refused with 'last_admin' when it would leave no enabled admin
   * (`removesAnAdmin` of the account as stored, and no other enabled admin). The check and the
   * write are one step, so two changes racing for the last admin cannot both pass. `eventsOf`
   * names the events of the change from the account as stored, before it.
   */
  update(
    id: string,
    change: UserChange,
    eventsOf: (stored: User) => readonly NewEvent[],
    now: Date,
  ): Promise<'updated' | 'not_found' | 'last_admin'>;
  /** The account's roles for single projects, by project module. */
  projectRoles(userId: string): Promise<ProjectRoles>;
  /** Grants (or changes) its role for one project, with the event; 'not_found' when the account is gone. */
  grantProjectRole(
    userId: string,
    projectModule: string,
    role: ProjectRole,
    by: string,
    event: NewEvent,
    now: Date,
  ): Promise<'granted' | 'not_found'>;
  /** Takes its role for one project away, with the event; 'not_held' when it had none there. */
  revokeProjectRole(
    userId: string,
    projectModule: string,
    event: NewEvent,
    now: Date,
  ): Promise<'revoked' | 'not_held'>;
}
