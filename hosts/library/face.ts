import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { SurveyorOperations } from '../../core/app/surveyor.js';
import type { ProfileSettings } from '../../core/domain/profile.js';
import { type AppError, validationError } from '../../core/errors.js';
import type { Actor } from '../../core/usecases/profiles/saveProfile.js';
import { ChannelInput, channelInputOf, RuleInput, ruleInputOf } from '../../schema/api/alerts.js';
import { ExecutionCreate } from '../../schema/api/executions.js';
import { ProfileInput } from '../../schema/api/profiles.js';
import { DiscoverRequest, SourceBulkCreate, SourceCreate } from '../../schema/api/sources.js';
import { decodeWith } from '../../schema/decode.js';
import { UsageQuery } from '../../schema/api/usage.js';

/** A profile as the API takes it (fields with a default may be left out): defaults are filled in and every field checked, as over HTTP. */
export type ProfileInputValue = t.TypeOf<typeof ProfileInput>;

/** A notification channel and an alert rule as the API takes them (defaulted fields may be left out). */
export type ChannelInputValue = t.TypeOf<typeof ChannelInput>;
export type RuleInputValue = t.TypeOf<typeof RuleInput>;

export type Ops = SurveyorOperations;
export type Alerts = Ops['alerts'];

/** The operations an embedder calls (core/app/surveyor.ts), with the API's decoding where input is raw. */
export type SurveyorFace = Omit<Ops, 'deps' | 'profiles' | 'alerts'> & {
  readonly profiles: Omit<Ops['profiles'], 'create' | 'replace'> & {
    create(input: ProfileInputValue, actor: Actor): ReturnType<Ops['profiles']['create']>;
    replace(id: string, input: ProfileInputValue, actor: Actor): ReturnType<Ops['profiles']['replace']>;
  };
  readonly alerts: Omit<Alerts, 'channels' | 'rules'> & {
    readonly channels: Omit<Alerts['channels'], 'create' | 'replace'> & {
      create(input: ChannelInputValue): ReturnType<Alerts['channels']['create']>;
      replace(id: string, input: ChannelInputValue): ReturnType<Alerts['channels']['replace']>;
    };
    readonly rules: Omit<Alerts['rules'], 'create' | 'replace' | 'setEnabled' | 'delete'> & {
      create(input: RuleInputValue): ReturnType<Alerts['rules']['create']>;
      replace(id: string, input: RuleInputValue): ReturnType<Alerts['rules']['replace']>;
      setEnabled(id: string, enabled: boolean): ReturnType<Alerts['rules']['setEnabled']>;
      delete(id: string): ReturnType<Alerts['rules']['delete']>;
    };
  };
};

/**
 * Runs `then` on the input as the API's codec decodes it, or answers the API's 422 error: an
 * embedder's input meets the same checks (formats, bounds, defaults) as a request's body.
 */
const checked = async <A, R>(
  codec: t.Type<A, unknown, unknown>,
  input: unknown,
  what: string,
  then: (decoded: A) => Promise<E.Either<AppError, R>>,
): Promise<E.Either<AppError, R>> => {
  const d = decodeWith(codec, input);
  return E.isLeft(d) ? E.left(validationError(`the ${what} is not valid`, d.left)) : then(d.right);
};

/** The application's operations as the library offers them, on PostgreSQL or in the harness alike. */
export const surveyorFace = (app: Ops): SurveyorFace => {
  const { deps: _deps, ...operations } = app;
  // The codec's output has every defaulted field; its type marks them optional (withDefault).
  const settings = (p: ProfileInputValue) => p as unknown as ProfileSettings;
  const { sources, executions, profiles, alerts, projects } = operations;
  return {
    ...operations,
    projects: {
      ...projects,
      usage: (module, query) => checked(UsageQuery, query, 'usage query', (q) => projects.usage(module, q)),
    },
    profiles: {
      ...profiles,
      create: (input, actor) =>
        checked(ProfileInput, input, 'profile', (p) => profiles.create(settings(p), actor)),
      replace: (id, input, actor) =>
        checked(ProfileInput, input, 'profile', (p) => profiles.replace(id, settings(p), actor)),
    },
    sources: {
      ...sources,
      register: (projectModule, item, by) =>
        checked(SourceCreate, { project_module: projectModule, ...item }, 'source', (s) =>
          sources.register(s.project_module, s, by),
        ),
      registerMany: (projectModule, items, by) =>
        checked(SourceBulkCreate, { project_module: projectModule, sources: items }, 'source list', (s) =>
          sources.registerMany(s.project_module, s.sources, by),
        ),
      discover: (projectModule, identifiers) =>
        checked(
          DiscoverRequest,
          { project_module: projectModule, source_identifiers: identifiers },
          'discovery request',
          (r) => sources.discover(r.project_module, r.source_identifiers),
        ),
    },
    executions: {
      ...executions,
      create: (input, opts) =>
        checked(ExecutionCreate, input, 'execution', (x) => executions.create(x, opts)),
    },
    alerts: {
      ...alerts,
      channels: {
        ...alerts.channels,
        create: (input) =>
          checked(ChannelInput, input, 'notification channel', (c) =>
            alerts.channels.create(channelInputOf(c)),
          ),
        replace: (id, input) =>
          checked(ChannelInput, input, 'notification channel', (c) =>
            alerts.channels.replace(id, channelInputOf(c)),
          ),
      },
      // The embedding program holds the service's database: it acts as an admin.
      rules: {
        ...alerts.rules,
        create: (input) =>
          checked(RuleInput, input, 'alert rule', (r) => alerts.rules.create(ruleInputOf(r), 'admin')),
        replace: (id, input) =>
          checked(RuleInput, input, 'alert rule', (r) => alerts.rules.replace(id, ruleInputOf(r), 'admin')),
        setEnabled: (id, enabled) => alerts.rules.setEnabled(id, enabled, 'admin'),
        delete: (id) => alerts.rules.delete(id, 'admin'),
      },
    },
  };
};
