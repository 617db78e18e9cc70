import * as t from 'io-ts';
import { errorCodes } from '../../core/errors.js';
import { component, withSchema } from '../jsonSchema.js';

const ErrorCodeC = withSchema(
  t.keyof(Object.fromEntries(errorCodes.map((c) => [c, null])) as Record<(typeof errorCodes)[number], null>),
  { type: 'string', enum: [...errorCodes] },
);

/** The one error body of every failing request. */
export const ErrorBody = component(
  'Error',
  t.type({
    error: t.intersection([
      t.type({ code: ErrorCodeC, message: t.string }),
      t.partial({ details: t.UnknownRecord, request_id: t.string }),
    ]),
  }),
);
