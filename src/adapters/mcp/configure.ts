/**
 * `server.configure`: the user's hook on the SDK `McpServer` toolwright builds, run
 * before it connects, for what toolwright leaves to the SDK (resources, prompts,
 * completions).
 *
 * @module
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describeValue, messageOf } from "../../core/describe";

/**
 * The SDK server's own options, beside toolwright's tools.
 *
 * @example
 * ```ts
 * await listenMcpHttp({
 *   name: "notes",
 *   version: "1.0.0",
 *   tools: [notes],
 *   server: {
 *     instructions: "Search before you add a note.",
 *     configure(server) {
 *       server.registerResource("changelog", "notes://changelog", { mimeType: "text/plain" },
 *         (uri) => ({ contents: [{ uri: uri.href, text: changelog() }] }));
 *     },
 *   },
 * });
 * ```
 */
export interface McpServerSetup {
  /** Text a client may add to the model's system prompt (MCP `instructions`). */
  readonly instructions?: string;
  /**
   * Whether each listed tool carries the `_meta` keys toolwright adds:
   * `"toolwright/kind"` (`"tool"`, `"play"` or `"manual"`), `"toolwright/capability"`
   * (its capability's name) and, for a deferred tool, `"toolwright/deferred": true`.
   * `false` lists no `_meta` at all, for clients that show or store it.
   *
   * @default true
   */
  readonly listingMeta?: boolean;
  /**
   * Receives the SDK's `McpServer` before it connects: add resources, prompts and
   * completions with its own API (`registerResource`, `registerPrompt`, `completable`
   * arguments, resource templates with `complete`), or a request handler on its low-level
   * `server`. toolwright's hardening, limits and shutdown still apply. The tools are the
   * tool set's: `registerTool` here is refused. The manuals' `toolwright://manual/…`
   * resources are registered first, so your resources are listed after them.
   *
   * Over stateless HTTP (`listenMcpHttp`, `createMcpHttpHandler`) a server is built for
   * each request (in session mode, for each session), so this runs for each: keep it cheap (registrations only) and
   * synchronous. Load data before you start the server, or inside the handlers you
   * register (which may be async). It runs once more when the server starts, so that a
   * `configure` that throws fails there; a `McpConfigureError` (its `cause` the error
   * thrown) rejects `listenMcpHttp` and `serveStdio` or throws from
   * `createMcpHttpHandler` and `createMcpServer`. One that throws later fails only that
   * request (a 500, and an `McpRequestWarning`). A `configure` that returns a promise is
   * refused the same way: each request would have to wait for it.
   */
  readonly configure?: (server: McpServer) => void;
}

/** `configure`, checked: it throws a `McpConfigureError` for anything going wrong. */
export type ConfigureHook = (server: McpServer) => void;

/** `configure(server)` threw or returned a promise; `cause` holds what it threw. */
class McpConfigureError extends Error {
  override readonly name = "McpConfigureError";
}

/** The `configure` of `setup`, wrapped so that a throw is a `McpConfigureError`. */
export function checkConfigure(setup: McpServerSetup | undefined): ConfigureHook | undefined {
  if (setup === undefined) return undefined;
  if (typeof setup !== "object" || setup === null) {
    throw new TypeError(
      `createMcpServer: server must be an object ({ instructions, configure }), received ${describeValue(setup)}`,
    );
  }
  const { configure } = setup;
  if (configure === undefined) return undefined;
  if (typeof configure !== "function") {
    throw new TypeError(
      `createMcpServer: server.configure must be a function (server) => void, received ${describeValue(configure)}`,
    );
  }
  return (server) => {
    let returned: unknown;
    try {
      returned = configure(server);
    } catch (error) {
      throw new McpConfigureError(`configure(server) threw: ${messageOf(error)}`, {
        cause: error,
      });
    }
    if (typeof (returned as PromiseLike<unknown> | undefined)?.then === "function") {
      // Nothing waits for it: keep its rejection from being unhandled.
      Promise.resolve(returned).catch(() => {});
      throw new McpConfigureError(
        "configure(server) returned a promise; it must be synchronous, since a server is built (and configured) per request over stateless HTTP: load data before starting the server, or inside the handlers you register",
      );
    }
  };
}
