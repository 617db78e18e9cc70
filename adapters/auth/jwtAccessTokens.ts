import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { isRole } from '../../core/domain/roles.js';
import type {
  AccessClaims,
  AccessTokenFailure,
  AccessTokens,
  VerifiedAccessToken,
} from '../../core/ports/AccessTokens.js';

export const jwtIssuer = 'surveyor';
export const jwtAudience = 'surveyor-api';

/** HS256 JWTs signed with SERVICE_JWT_SECRET. Claims are documented in hosts/api/README.md. */
export class JwtAccessTokens implements AccessTokens {
  // A key object made once: given the string, jsonwebtoken tries it as a public key first (and
  // fails) on every call, which cost more than checking the signature.
  private readonly secret: KeyObject;

  constructor(secret: string) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: AccessClaims, now: Date, ttlSeconds: number): string {
    const iat = Math.floor(now.getTime() / 1000);
    return jwt.sign(
      {
        username: claims.username,
        role: claims.role,
        sid: claims.sid,
        typ: 'access',
        iat,
        exp: iat + ttlSeconds,
      },
      this.secret,
      { algorithm: 'HS256', issuer: jwtIssuer, audience: jwtAudience, subject: claims.sub },
    );
  }

  verify(token: string, now: Date): VerifiedAccessToken | AccessTokenFailure {
    let payload: jwt.JwtPayload | string;
    try {
      payload = jwt.verify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: jwtIssuer,
        audience: jwtAudience,
        clockTimestamp: Math.floor(now.getTime() / 1000),
      });
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError) return 'expired';
      if (err instanceof jwt.JsonWebTokenError && /signature/.test(err.message)) return 'bad_signature';
      return 'malformed';
    }
    if (typeof payload === 'string') return 'malformed';
    const { sub, username, role, sid, typ, iat, exp } = payload as Record<string, unknown>;
    if (typ !== 'access') return 'wrong_type';
    if (typeof sub !== 'string' || typeof username !== 'string' || !isRole(role) || typeof sid !== 'string')
      return 'malformed';
    if (typeof iat !== 'number' || typeof exp !== 'number') return 'malformed';
    return { sub, username, role, sid, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
  }
}
