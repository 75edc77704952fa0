/**
 * Listing an MCP server's tools for `--mcp` (a command started over stdio) and `--mcp-url`
 * (Streamable HTTP), through the MCP SDK's own client, loaded only here: a check of modules
 * never pays for it, and a missing SDK (an optional peer) is one clear load error. The
 * whole exchange (start, initialize, every `tools/list` page) has `--import-timeout` to
 * finish; a server that exits, hangs or writes what is not JSON-RPC is a load error, and
 * the process tree the command started is ended either way.
 *
 * @module
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ListedTool } from "toolwright/check";
import { messageOf } from "../../core/describe";
import { commandWords } from "./command-words";
import type { ListingOutcome } from "./listing-outcome";
import { killProcessTree } from "./process-tree";

/** A server to list: a command to start over stdio, or a Streamable HTTP endpoint. */
export type McpServerSource =
  | { readonly kind: "stdio"; readonly command: string }
  | {
      readonly kind: "http";
      readonly url: string;
      readonly headers: Readonly<Record<string, string>>;
    };

/** Where and for how long. */
export interface McpListingRun {
  readonly cwd: string;
  /** Milliseconds the whole listing may take (`--import-timeout`). */
  readonly timeout: number;
}

/** How much of the server's stderr a load error quotes, from its end. */
const STDERR_TAIL = 1_000;

/** Lists `source`'s tools, every page; never rejects. */
export async function listMcpTools(
  source: McpServerSource,
  run: McpListingRun,
): Promise<ListingOutcome> {
  const shown = sourceName(source);
  const fail = (problem: string): ListingOutcome => ({
    ok: false,
    problem: `${shown}: ${problem}`,
  });
  const sdk = await loadSdk();
  if (typeof sdk === "string") return fail(sdk);
  const connection = connectionFor(source, run, sdk);
  if ("problem" in connection) return fail(connection.problem);
  const client = new sdk.Client({ name: "toolwright-check", version: "1" });
  let timer: NodeJS.Timeout | undefined;
  const stop = new Promise<string>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          `listed no tools within ${run.timeout} ms (--import-timeout): a server that never answers, or a slow start`,
        ),
      run.timeout,
    );
    // Over stdio a line that is not JSON-RPC is garbage on the protocol channel.
    client.onerror = (error) => {
      if (source.kind === "stdio" && isUnreadable(error))
        resolve(
          `wrote a line on stdout that is not a JSON-RPC message (${messageOf(error)}); an MCP server over stdio writes only JSON-RPC to stdout, logs go to stderr`,
        );
    };
  });
  try {
    const listed = await Promise.race([listAll(client, connection.transport, sdk), stop]);
    if (typeof listed === "string") return fail(withStderr(listed, connection.stderr()));
    const server = client.getServerVersion()?.name;
    return {
      ok: true,
      listing: {
        server: typeof server === "string" && server !== "" ? server : shown,
        source: shown,
        tools: listed.tools,
      },
    };
  } catch (error) {
    return fail(withStderr(describeFailure(error), connection.stderr()));
  } finally {
    clearTimeout(timer);
    await connection.end(client);
  }
}

/** How findings and messages name the source; a URL without its query or credentials. */
export function sourceName(source: McpServerSource): string {
  if (source.kind === "stdio") return source.command;
  try {
    const url = new URL(source.url);
    return `${url.origin}${url.pathname}`;
  } catch {
    return source.url;
  }
}

type Sdk = Awaited<ReturnType<typeof importSdk>>;

async function importSdk() {
  const [client, stdio, http, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return {
    Client: client.Client,
    StdioClientTransport: stdio.StdioClientTransport,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    PaginatedResultSchema: types.PaginatedResultSchema,
  };
}

async function loadSdk(): Promise<Sdk | string> {
  try {
    return await importSdk();
  } catch (error) {
    return `listing an MCP server needs @modelcontextprotocol/sdk (an optional peer of toolwright), which could not be loaded (${messageOf(error)}); install it: npm i -D @modelcontextprotocol/sdk`;
  }
}

/** A transport not yet started, what the server wrote on stderr, and how to end it all. */
interface Connection {
  readonly transport: Transport;
  readonly stderr: () => string;
  readonly end: (client: Client) => Promise<void>;
}

function connectionFor(
  source: McpServerSource,
  run: McpListingRun,
  sdk: Sdk,
): Connection | { readonly problem: string } {
  if (source.kind === "http") return httpConnection(source, sdk);
  const words = commandWords(source.command);
  if ("problem" in words) return words;
  const [command = "", ...args] = words;
  const transport = new sdk.StdioClientTransport({
    command,
    args,
    cwd: run.cwd,
    // The user's command, run as their shell would run it: with their environment.
    env: inheritedEnvironment(),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
  });
  return {
    transport,
    stderr: () => stderr,
    end: async (client) => {
      // The command may be a launcher (npx, a shell script): its children go with it.
      const pid = transport.pid;
      if (pid !== null) killProcessTree(pid);
      await client.close().catch(() => {});
    },
  };
}

function httpConnection(
  source: Extract<McpServerSource, { kind: "http" }>,
  sdk: Sdk,
): Connection | { readonly problem: string } {
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return {
      problem:
        "is not a URL; --mcp-url takes the server's endpoint, e.g. http://127.0.0.1:3000/mcp",
    };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { problem: `is a ${url.protocol} URL; --mcp-url takes an http: or https: endpoint` };
  }
  const transport = new sdk.StreamableHTTPClientTransport(url, {
    requestInit: { headers: { ...source.headers } },
  });
  return {
    transport,
    stderr: () => "",
    end: async (client) => {
      // A session the server keeps is ended, as a well-behaved client does.
      await transport.terminateSession().catch(() => {});
      await client.close().catch(() => {});
    },
  };
}

/** Connects and reads every page of `tools/list`; a cursor seen twice is a broken server. */
async function listAll(
  client: Client,
  transport: Transport,
  sdk: Sdk,
): Promise<{ readonly tools: ListedTool[] } | string> {
  await client.connect(transport);
  const tools: ListedTool[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await client.request(
      { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
      sdk.PaginatedResultSchema,
    );
    const read = pageTools(page.tools, tools.length);
    if (typeof read === "string") return read;
    tools.push(...read);
    cursor = page.nextCursor;
    if (cursor !== undefined && cursors.has(cursor)) {
      return `answered tools/list with the cursor ${JSON.stringify(cursor)} a second time: its pagination never ends`;
    }
    if (cursor !== undefined) cursors.add(cursor);
  } while (cursor !== undefined);
  return { tools };
}

/**
 * The tools of one page. The SDK's own `listTools` would refuse the whole listing for one
 * bad schema; here a tool needs only a name, and its schemas, whatever they are, are linted.
 */
function pageTools(tools: unknown, before: number): ListedTool[] | string {
  if (!Array.isArray(tools)) return "answered tools/list without a tools array";
  const read: ListedTool[] = [];
  for (const [index, tool] of tools.entries()) {
    if (!isRecord(tool) || typeof tool.name !== "string") {
      return `answered tools/list with tool ${before + index} that has no name`;
    }
    read.push({
      name: tool.name,
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema !== undefined && { outputSchema: tool.outputSchema }),
    });
  }
  return read;
}

function describeFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT")
    return `could not be started: ${messageOf(error)} (is the program installed and on PATH?)`;
  // The SDK's HTTP errors carry the status as their code.
  const status = typeof code === "number" && code >= 100 ? `HTTP ${code}: ` : "";
  const message = `${status}${messageOf(error)}`;
  if (/connection closed/i.test(message))
    return "ended before it listed its tools (the process exited or closed stdout)";
  return `failed while listing its tools: ${message}`;
}

// What the SDK throws for a line it cannot read: JSON.parse's SyntaxError, or Zod's error
// (with its issues) for JSON that is no JSON-RPC message. A spawn error is neither.
function isUnreadable(error: Error): boolean {
  return error instanceof SyntaxError || Array.isArray((error as { issues?: unknown }).issues);
}

function withStderr(problem: string, stderr: string): string {
  const tail = stderr.trim();
  return tail === "" ? problem : `${problem}; its stderr ended with: ${tail}`;
}

function inheritedEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return env;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
