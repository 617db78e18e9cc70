import * as t from 'io-ts';
import { DateTimeString } from '../codecs.js';
import { component, withSchema } from '../jsonSchema.js';
import { ProjectConfigCodec } from '../project/config.js';
import { pageQuery } from './common.js';

const versionFields = {
  project_module: t.string,
  version: t.number,
  content_hash: t.string,
  active: t.boolean,
  created_at: DateTimeString,
  created_by: t.string,
};

export const ProjectConfigVersionSummary = component('ProjectConfigVersionSummary', t.type(versionFields));
export const ProjectConfigVersionView = component(
  'ProjectConfigVersion',
  t.type({ ...versionFields, config: t.UnknownRecord, yaml: t.string }),
);
/** An upload's answer: the version, and whether this upload stored it (false: the same content). */
export const ProjectConfigUploadView = component(
  'ProjectConfigUpload',
  t.type({ ...versionFields, config: t.UnknownRecord, yaml: t.string, changed: t.boolean }),
);
export const ProjectConfigVersionList = component(
  'ProjectConfigVersionList',
  t.type({ items: t.array(ProjectConfigVersionSummary), next_cursor: t.union([t.string, t.null]) }),
);

/** Every project with a configuration: its active version. */
export const ProjectList = component('ProjectList', t.type({ items: t.array(ProjectConfigVersionSummary) }));

export const EventView = component(
  'ProvenanceEvent',
  t.type({
    id: t.number,
    project_module: t.string,
    subject_type: t.keyof({
      project: null,
      source: null,
      execution: null,
      profile: null,
      user: null,
      address: null,
    }),
    subject_id: t.string,
    kind: t.string,
    payload: t.UnknownRecord,
    actor: t.union([t.string, t.null]),
    created_at: DateTimeString,
  }),
);

export const EventPageView = component(
  'ProvenanceEventPage',
  t.type({ items: t.array(EventView), next_cursor: t.union([t.string, t.null]) }),
);

/** Paging of lists: `limit` (default 100, at most 500) and the `cursor` of the previous page. */
export const PageQuery = t.partial(pageQuery(500));

/** Paging of event lists, and from which end: `order` `oldest` (the default) or `newest` first. */
export const eventPageQuery = {
  ...pageQuery(500),
  order: withSchema(t.keyof({ oldest: null, newest: null }), { type: 'string', enum: ['oldest', 'newest'] }),
};
export const EventPageQuery = t.partial(eventPageQuery);

export const YamlBody = t.string;

/** What the YAML body must be: one document, a mapping that is a project configuration. */
export const ProjectConfigDocument = component('ProjectConfig', ProjectConfigCodec);
