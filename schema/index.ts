// Codecs and contracts shared by the hosts and by tools that embed surveyor.
export * from './codecs.js';
export * from './environment.js';
export * from './decode.js';
export * from './httpStatus.js';
export * from './jsonSchema.js';
export * from './openapi.js';
export * from './routes.js';
export * from './api/auth.js';
export * from './api/errors.js';
export * from './api/system.js';
