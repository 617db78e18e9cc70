import * as t from 'io-ts';
import { apiTokenNamePattern } from '../../core/domain/apiToken.js';
import { boolFromString, DateTimeString, intRange, patternString, strictObject, Uuid } from '../codecs.js';
import { component } from '../jsonSchema.js';
import { RoleC } from './auth.js';

export const ApiTokenRequest = component(
  'ApiTokenRequest',
  strictObject(
    'ApiTokenRequest',
    { name: patternString(apiTokenNamePattern, 'token name', 63), days: intRange(1, 3650) },
    { role: RoleC },
  ),
);

const tokenFields = {
  id: Uuid,
  name: t.string,
  role: RoleC,
  username: t.string,
  created_at: DateTimeString,
  expires_at: DateTimeString,
  revoked_at: t.union([DateTimeString, t.null]),
  /** When a request last came with it, to within ten minutes; null: never used. */
  last_used_at: t.union([DateTimeString, t.null]),
  state: t.keyof({ live: null, expired: null, revoked: null }),
};

export const ApiTokenView = component('ApiToken', t.type(tokenFields));

/** A token just made: the only answer that holds its text. */
export const ApiTokenCreated = component('ApiTokenCreated', t.type({ ...tokenFields, token: t.string }));

export const ApiTokenList = component('ApiTokenList', t.type({ items: t.array(ApiTokenView) }));

/** `all=true`: an admin lists every account's tokens. */
export const ApiTokenListQuery = t.partial({ all: boolFromString });
