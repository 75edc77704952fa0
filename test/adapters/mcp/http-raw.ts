/**
 * HTTP from below the SDK client, for the hardening tests: JSON-RPC posts with any
 * headers (a foreign `Host` included), and raw bytes on a socket.
 */
import { type IncomingHttpHeaders, request } from "node:http";
import { connect, type Socket } from "node:net";

/** A response, read to its end. */
export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** The headers a Streamable HTTP client sends with every POST. */
export const mcpHeaders = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
} as const;

/** A `tools/call` request, as JSON. */
export function callBody(name: string, args: Record<string, unknown> = {}, id = 1): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args },
  });
}

/** POSTs `body` to `url` with the MCP headers plus `headers` (which may replace `host`). */
export function post(url: URL, body: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", headers: { ...mcpHeaders, ...headers }, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** What came back on a raw socket, and how the exchange ended. */
export interface Exchange {
  readonly text: string;
  /** `closed`: the server closed the connection; `timeout`: it was still open at the deadline. */
  readonly ended: "closed" | "timeout";
}

/** Opens a socket to `url`'s host and port; resolves once connected. */
export function openSocket(url: URL): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * Writes `bytes` on a fresh socket, half-closes it (unless `keepOpen`), and collects what
 * the server writes until it closes the connection or `timeoutMs` passes.
 */
export async function exchange(
  url: URL,
  bytes: string | Uint8Array,
  { timeoutMs = 5_000, keepOpen = false }: { timeoutMs?: number; keepOpen?: boolean } = {},
): Promise<Exchange> {
  const socket = await openSocket(url);
  const ended = collect(socket, timeoutMs);
  socket.write(bytes);
  if (!keepOpen) socket.end();
  return ended;
}

/** Collects what `socket` receives until it closes or `timeoutMs` passes (then destroys it). */
export function collect(socket: Socket, timeoutMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", () => {}); // a reset is an ending like any other here
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, ended: "timeout" });
    }, timeoutMs);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, ended: "closed" });
    });
  });
}

/** The status code of the first response in `text`, if any. */
export function statusOf(text: string): number | undefined {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  return match === null ? undefined : Number(match[1]);
}
