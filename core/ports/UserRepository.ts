import type { Role } from '../domain/roles.js';
import type { User } from '../domain/user.js';

/** What an administrator may change of an account. */
export interface UserChange {
  readonly role?: Role;
  readonly passwordHash?: string;
  readonly disabledAt?: Date | null;
}

export interface UserRepository {
  /** Returns false when the username is taken. */
  insert(user: User): Promise<boolean>;
  findByUsername(username: string): Promise<User | null>;
  findById(id: string): Promise<User | null>;
  countAdmins(): Promise<number>;
  list(): Promise<readonly User[]>;
  /**
   * Changes an account. With `keepAnAdmin` (the change demotes or disables an enabled admin) it is
   * refused with 'last_admin' when no other enabled admin would remain; the check and the write
   * are one step, so two such changes at once cannot both pass.
   */
  update(
    id: string,
    change: UserChange,
    keepAnAdmin: boolean,
  ): Promise<'updated' | 'not_found' | 'last_admin'>;
}
