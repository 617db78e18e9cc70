import { patternString } from '../codecs.js';

/** A project module name: what configurations, sources and profiles are grouped by. */
export const ProjectModule = patternString(/^[a-z][a-z0-9_]{0,62}$/, 'project_module', 63);
