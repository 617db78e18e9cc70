// The link router's process (see linkRouter.ts): a link proxy with client keepalives, run inside a
// host of the hosts testbed. Arguments: listen address, target host, target port. It prints
// "listening <port>" and takes "latency <round trip ms>" lines on its standard input.
import { createInterface } from 'node:readline';
import { linkProxy } from './linkProxy.js';

const [listen, host, port] = process.argv.slice(2);
const proxy = await linkProxy({ host: host!, port: Number(port) }, listen!, 1000);
process.stdout.write(`listening ${proxy.port}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const m = /^latency (\d+)$/.exec(line.trim());
  if (m) {
    proxy.latency(Number(m[1]));
    process.stdout.write(`latency ${m[1]}\n`);
  }
}
await proxy.close();
