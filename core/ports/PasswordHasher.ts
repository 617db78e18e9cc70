export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** A hash of nothing anyone knows, verified when a user does not exist so timing says nothing. */
  readonly decoyHash: string;
}
