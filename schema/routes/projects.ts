import { intFromString } from '../codecs.js';
import { ProjectName } from '../api/common.js';
import {
  EventPageView,
  EventPageQuery,
  PageQuery,
  ProjectConfigDocument,
  ProjectConfigVersionList,
  ProjectConfigUploadView,
  ProjectConfigVersionView,
  ProjectList,
  YamlBody,
} from '../api/projects.js';
import type { RouteSpec } from '../routeSpec.js';
import { ProjectUsageView, UsageQuery } from '../api/usage.js';
import { ProjectAutomationQuery, ProjectAutomationView } from '../api/sources.js';

const moduleParam = { module: ProjectName };

export const projectRoutes: readonly RouteSpec[] = [
  {
    id: 'uploadProjectConfig',
    method: 'POST',
    path: '/project-configs',
    summary:
      'Upload a project configuration (YAML): a new immutable version that becomes active (201, changed: true). The same content as the active version changes nothing (200, changed: false, the active version).',
    tag: 'projects',
    auth: 'operator',
    body: { codec: YamlBody, contentType: 'application/x-yaml', document: ProjectConfigDocument },
    success: {
      status: 201,
      alsoOn: [200],
      description: 'The stored version, and whether this upload stored it',
      codec: ProjectConfigUploadView,
    },
    errors: ['forbidden'],
  },
  {
    id: 'listProjects',
    method: 'GET',
    path: '/project-configs',
    summary: 'Every project with a configuration, with its active version (by project name)',
    tag: 'projects',
    auth: 'viewer',
    success: { status: 200, description: 'Projects', codec: ProjectList },
    errors: [],
  },
  {
    id: 'getProjectConfig',
    method: 'GET',
    path: '/project-configs/{module}',
    summary: "The project's active configuration",
    tag: 'projects',
    auth: 'viewer',
    project: { in: 'params', field: 'module' },
    params: moduleParam,
    success: { status: 200, description: 'The active version', codec: ProjectConfigVersionView },
    errors: [],
  },
  {
    id: 'listProjectConfigVersions',
    method: 'GET',
    path: '/project-configs/{module}/versions',
    summary:
      "The project's configuration versions, newest first, paged (limit, default 100, at most 500; cursor)",
    tag: 'projects',
    auth: 'viewer',
    project: { in: 'params', field: 'module' },
    params: moduleParam,
    query: PageQuery,
    success: { status: 200, description: 'Versions', codec: ProjectConfigVersionList },
    errors: ['validation_failed'],
  },
  {
    id: 'getProjectConfigVersion',
    method: 'GET',
    path: '/project-configs/{module}/versions/{version}',
    summary: 'One configuration version',
    tag: 'projects',
    auth: 'viewer',
    project: { in: 'params', field: 'module' },
    params: { ...moduleParam, version: intFromString(1, 1_000_000_000) },
    success: { status: 200, description: 'The version', codec: ProjectConfigVersionView },
    errors: [],
  },
  {
    id: 'projectEvents',
    method: 'GET',
    path: '/projects/{module}/events',
    summary:
      'Provenance events of a project and of its sources and executions, oldest first (order=newest: newest first), paged',
    tag: 'projects',
    auth: 'viewer',
    project: { in: 'params', field: 'module' },
    params: moduleParam,
    query: EventPageQuery,
    success: { status: 200, description: 'A page of events', codec: EventPageView },
    errors: [],
  },
  {
    id: 'projectAutomation',
    method: 'GET',
    path: '/projects/{module}/automation',
    summary:
      "The project's execution automation and the sources its retry rule holds back after failed runs: stopped (max_failed_runs reached, until new data or a new configuration version) first, then waiting (until retry_at), at most limit (default 100, at most 1000), with how many of each",
    tag: 'projects',
    auth: 'viewer',
    project: { in: 'params', field: 'module' },
    params: moduleParam,
    query: ProjectAutomationQuery,
    success: {
      status: 200,
      description: 'Automation and the sources it holds back',
      codec: ProjectAutomationView,
    },
    errors: ['validation_failed'],
  },
  {
    id: 'projectUsage',
    method: 'GET',
    path: '/projects/{module}/usage',
    summary:
      "What the project's runs used on their backends in [from, to) (default: the last 12 UTC calendar months up to now), grouped by month, day, profile, graph (its file's name), final state or source (by, default month): runs, node-hours, CPU-hours, badput (node-hours of runs that did not complete) and queue hours, with the median and 95th percentile of run time, of the cluster's queue wait and of our own time before submission (staging, translation, submission). A run that spans a range or month boundary counts on each side by the share of its run time there (UTC). With the project's budget now, when it has one, and for each batch profile the project may use what job_duration_minutes: auto gives a run of one source now and on what basis (walltimes).",
    tag: 'projects',
    auth: 'viewer',
    project: { in: 'params', field: 'module' },
    params: moduleParam,
    query: UsageQuery,
    success: { status: 200, description: 'Usage and budget', codec: ProjectUsageView },
    errors: ['validation_failed'],
  },
];
