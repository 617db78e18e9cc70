import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { SurveyorOperations } from '../../core/app/surveyor.js';
import type { ProfileSettings } from '../../core/domain/profile.js';
import { validationError } from '../../core/errors.js';
import type { Actor } from '../../core/usecases/profiles/saveProfile.js';
import { ProfileInput } from '../../schema/api/profiles.js';
import { decodeWith } from '../../schema/decode.js';

/** A profile as the API takes it (fields with a default may be left out): defaults are filled in and every field checked, as over HTTP. */
export type ProfileInputValue = t.TypeOf<typeof ProfileInput>;

/** The operations an embedder calls (core/app/surveyor.ts), with the API's decoding where input is raw. */
export type SurveyorFace = Omit<SurveyorOperations, 'deps' | 'profiles'> & {
  readonly profiles: Omit<SurveyorOperations['profiles'], 'create' | 'replace'> & {
    create(input: ProfileInputValue, actor: Actor): ReturnType<SurveyorOperations['profiles']['create']>;
    replace(
      id: string,
      input: ProfileInputValue,
      actor: Actor,
    ): ReturnType<SurveyorOperations['profiles']['replace']>;
  };
};

/** The application's operations as the library offers them, on PostgreSQL or in the harness alike. */
export const surveyorFace = (app: SurveyorOperations): SurveyorFace => {
  const { deps: _deps, ...operations } = app;
  // The same decoding as the API's, so an embedder's profile gets the same defaults and checks.
  const decoded = (input: ProfileInputValue) => {
    const r = decodeWith(ProfileInput, input);
    return E.isLeft(r)
      ? E.left(validationError('the profile is not valid', r.left))
      : E.right(r.right as unknown as ProfileSettings);
  };
  return {
    ...operations,
    profiles: {
      ...operations.profiles,
      create: async (input, actor) => {
        const d = decoded(input);
        return E.isLeft(d) ? d : operations.profiles.create(d.right, actor);
      },
      replace: async (id, input, actor) => {
        const d = decoded(input);
        return E.isLeft(d) ? d : operations.profiles.replace(id, d.right, actor);
      },
    },
  };
};
