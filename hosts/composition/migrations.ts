// The schema's migrations, for the hosts that run or check them (`surveyor migrate`, `serve`,
// `doctor`, the CLI's failure messages). Light: it loads no database driver by itself.
export { migrate, SchemaError, schemaStatus } from '../../adapters/postgres/migrator.js';
