/**
 * Runs one documentation block as a user would, in a child process of its own
 * (`node --import tsx snippet-runner.ts <block.ts>`), with two guards a test needs:
 *
 * - No network beyond loopback. A connection or `fetch` to any other host fails at once,
 *   and the host is appended to the file `DOC_SNIPPET_NETWORK_LOG` names, so the test can
 *   tell a block that reached for a hosted model from one that failed otherwise.
 * - Servers stop by themselves. Every `listen` binds an ephemeral port on 127.0.0.1
 *   (a block's `port: 3000` cannot collide), and once the block has run, its own shutdown
 *   handlers (SIGINT, SIGTERM) are fired and any server still open is closed, so the
 *   process ends when the block's work does.
 */
import { appendFileSync } from "node:fs";
import net from "node:net";
import { pathToFileURL } from "node:url";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);
const networkLog = process.env.DOC_SNIPPET_NETWORK_LOG ?? "";

/** Records a refused host and returns the error the caller sees. */
function refuse(host: string): Error {
  if (networkLog !== "") appendFileSync(networkLog, `${host}\n`);
  return new Error(`snippet-runner: no network in tests (refused ${host})`);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guarded(this: net.Socket, ...args: unknown[]) {
  const [first, second] = args;
  const options = (typeof first === "object" && first !== null ? first : {}) as net.NetConnectOpts;
  const host = "host" in options ? options.host : typeof second === "string" ? second : undefined;
  const local = "path" in options || host === undefined || LOOPBACK.has(host);
  if (!local) {
    const error = refuse(String(host));
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return Reflect.apply(connect, this, args) as net.Socket;
} as typeof connect;

const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : input);
  if (!LOOPBACK.has(url.hostname)) throw new TypeError("fetch failed", { cause: refuse(url.host) });
  return realFetch(input, init);
}) as typeof fetch;

const servers = new Set<net.Server>();
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function loopbackOnly(this: net.Server, ...args: unknown[]) {
  servers.add(this);
  const callback = args.find((arg) => typeof arg === "function");
  return Reflect.apply(listen, this, [{ port: 0, host: "127.0.0.1" }, callback]) as net.Server;
} as typeof listen;

const block = process.argv[2];
if (block === undefined) throw new TypeError("snippet-runner: pass the block's file");
await import(pathToFileURL(block).href);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  for (const handler of process.listeners(signal)) handler(signal);
}
for (const server of servers) {
  server.close();
  if ("closeAllConnections" in server)
    (server as { closeAllConnections(): void }).closeAllConnections();
}
