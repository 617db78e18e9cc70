import type { User } from '../domain/user.js';

export interface UserRepository {
  /** Returns false when the username is taken. */
  insert(user: User): Promise<boolean>;
  findByUsername(username: string): Promise<User | null>;
  findById(id: string): Promise<User | null>;
  countAdmins(): Promise<number>;
  list(): Promise<readonly User[]>;
}
