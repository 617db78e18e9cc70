import * as t from 'io-ts';
import { intFromString, oneLine, patternString } from '../codecs.js';
import { component } from '../jsonSchema.js';
import { projectModulePattern } from '../../core/domain/projectModule.js';

/** A project module name: what configurations, sources and profiles are grouped by. */
export const ProjectModule = patternString(projectModulePattern, 'project_module', 63);

/**
 * A project named to read it (a path or a filter): any one line up to a module's length, so that a
 * misspelt or miswritten name is answered 404 with the projects there are, not a pattern.
 */
export const ProjectName = oneLine('a project name', 63, 1);

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
