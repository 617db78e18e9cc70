import { Uuid } from '../codecs.js';
import {
  ApiTokenCreated,
  ApiTokenList,
  ApiTokenListQuery,
  ApiTokenRequest,
  ApiTokenView,
} from '../api/apiTokens.js';
import type { RouteSpec } from '../routeSpec.js';

export const apiTokenRoutes: readonly RouteSpec[] = [
  {
    id: 'createApiToken',
    method: 'POST',
    path: '/auth/tokens',
    summary:
      'Make an API token for a program (a cron job, a pipeline): a name, a role no higher than yours (default yours), and the days it lives (at most SERVICE_API_TOKEN_MAX_DAYS). The answer is the only time its text is shown; send it as Authorization: Bearer. Made from a login only, never with a token; at most 20 live per account',
    tag: 'auth',
    auth: 'none',
    body: { codec: ApiTokenRequest, contentType: 'application/json' },
    success: { status: 201, description: 'The token, its text included', codec: ApiTokenCreated },
    errors: ['conflict', 'forbidden'],
    unredacted: 'credentials',
  },
  {
    id: 'listApiTokens',
    method: 'GET',
    path: '/auth/tokens',
    summary: "Your API tokens, newest first, never their text (all=true: every account's, for an admin)",
    tag: 'auth',
    auth: 'none',
    query: ApiTokenListQuery,
    success: { status: 200, description: 'The tokens', codec: ApiTokenList },
    errors: ['validation_failed'],
  },
  {
    id: 'revokeApiToken',
    method: 'DELETE',
    path: '/auth/tokens/{id}',
    summary:
      "Revoke an API token: yours, or (an admin) anyone's; its next request is refused. A token may revoke itself",
    tag: 'auth',
    auth: 'none',
    params: { id: Uuid },
    success: { status: 200, description: 'The token as revoked', codec: ApiTokenView },
    errors: ['forbidden'],
  },
];
