// A session set up as the scheduler leader's (its TCP settings and an advisory lock) that also
// listens on a channel, so that a test can make the server send to it while its host is cut off.
// Run in a host of the hosts testbed. Arguments: database URL, lock key, channel. Prints "ready".
import pgPromise from 'pg-promise';
import { leaderSessionSettings } from '../../adapters/postgres/leaderLock.js';

const [url, key, channel] = process.argv.slice(2);
if (!url || !key || !/^[a-z_]+$/.test(channel ?? '')) throw new Error('usage: URL KEY CHANNEL');
const conn = await pgPromise()(url).connect({ direct: true });
await conn.none(leaderSessionSettings);
const r = await conn.one<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [Number(key)]);
if (!r.ok) throw new Error(`lock ${key} is taken`);
await conn.none(`LISTEN ${channel}`);
conn.client.on('error', () => {});
process.stdout.write('ready\n');
setInterval(() => {}, 60_000);
