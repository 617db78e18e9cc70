import { toJsonSchema } from '../jsonSchema.js';
import { ProjectConfigCodec } from './config.js';

/** The project configuration's JSON Schema, for editors and other tools (schema/project-config.schema.json). */
export const renderProjectConfigSchema = (): string =>
  `${JSON.stringify(
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://surveyor.invalid/schema/project-config.schema.json',
      title: 'surveyor project configuration (apiVersion surveyor/v1)',
      ...toJsonSchema(ProjectConfigCodec),
    },
    null,
    2,
  )}\n`;
