import * as t from 'io-ts';
import { intFromString, patternString } from '../codecs.js';
import { component } from '../jsonSchema.js';
import { projectModulePattern } from '../../core/domain/projectModule.js';

/** A project module name: what configurations, sources and profiles are grouped by. */
export const ProjectModule = patternString(projectModulePattern, 'project_module', 63);

/** A page's position: opaque, only ever a next_cursor this API returned (base64url). */
export const Cursor = patternString(
  /^[A-Za-z0-9_-]{1,400}$/,
  'cursor (a next_cursor this API returned)',
  400,
);

/** `limit` (1 to `max`) and `cursor`, the paging query of every list. */
export const pageQuery = (max: number) => ({ limit: intFromString(1, max), cursor: Cursor });

/** What a DELETE answers. */
export const Deleted = component('Deleted', t.type({ deleted: t.literal(true) }));
