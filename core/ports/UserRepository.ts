import type { User, UserChange } from '../domain/user.js';

export type { UserChange };

export interface UserRepository {
  /** Returns false when the username is taken. */
  insert(user: User): Promise<boolean>;
  findByUsername(username: string): Promise<User | null>;
  findById(id: string): Promise<User | null>;
  countAdmins(): Promise<number>;
  list(): Promise<readonly User[]>;
  /**
   * Changes an account; refused with 'last_admin' when it would leave no enabled admin
   * (`removesAnAdmin` of the account as stored, and no other enabled admin). The check and the
   * write are one step, so two changes racing for the last admin cannot both pass.
   */
  update(id: string, change: UserChange): Promise<'updated' | 'not_found' | 'last_admin'>;
}
