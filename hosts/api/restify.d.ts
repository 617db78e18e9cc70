// restify 12 ships no type declarations; this covers the part of its API the API host uses.
declare module 'restify' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { AddressInfo } from 'node:net';

  export interface Request extends IncomingMessage {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    getRoute(): { path: string; method: string } | null;
  }
  export interface Response extends ServerResponse {}
  export type AsyncHandler = (req: Request, res: Response) => Promise<void>;

  export interface Server {
    readonly server: import('node:http').Server;
    get(path: string, handler: AsyncHandler): void;
    post(path: string, handler: AsyncHandler): void;
    put(path: string, handler: AsyncHandler): void;
    patch(path: string, handler: AsyncHandler): void;
    del(path: string, handler: AsyncHandler): void;
    on(event: string, listener: (...args: never[]) => void): void;
    listen(port: number, host: string, cb: () => void): void;
    address(): AddressInfo;
    close(cb?: () => void): void;
  }
  export interface ServerOptions {
    name?: string;
    handleUncaughtExceptions?: boolean;
    strictNext?: boolean;
    ignoreTrailingSlash?: boolean;
  }
  export function createServer(options?: ServerOptions): Server;
  const restify: { createServer: typeof createServer };
  export default restify;
}
