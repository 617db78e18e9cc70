import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from '../../adapters/metrics/registry.js';

/** The separate /metrics port of API and worker processes (SERVICE_METRICS_PORT). */
export const startMetricsServer = async (
  metrics: Metrics,
  host: string,
  port: number,
): Promise<{ server: Server; url: string }> => {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics') {
      metrics.render().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': metrics.contentType });
          res.end(text);
        },
        () => {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end('metrics unavailable\n');
        },
      );
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'not_found', message: 'this port serves GET /metrics only' } }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const a = server.address() as AddressInfo;
  return { server, url: `http://${host}:${a.port}/metrics` };
};

export const closeServer = (server: { close(cb?: (err?: Error) => void): unknown }): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
  });
