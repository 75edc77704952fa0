/**
 * Throughput and p99 of MCP `tools/call` over Streamable HTTP, in both of
 * `listenMcpHttp`'s modes, each against the MCP SDK's own server of that mode, beside a
 * bare `node:http` floor: stateless `listenMcpHttp` against the SDK's stateless server,
 * `listenMcpHttp({ sessions: true })` against the SDK's stateful one (a server and
 * transport per session, kept by session id), and a plain `node:http` server answering
 * the same JSON-RPC result with no MCP machinery (the fastest an HTTP JSON-RPC server can
 * be here). Each runs in a process of its own (`mcp-http-server.ts`; toolwright from the
 * built package, as users run it), loaded with raw JSON-RPC POSTs at a fixed concurrency
 * from another process of its own (this module, run as a script by `runMcpHttp`): one
 * client per concurrent worker, with a keep-alive connection of its own and, in session
 * mode, a session it started before any timing (as a real client has one session).
 * Rounds alternate the order of the five servers, so round `r` of each ran under the same
 * conditions, and a ratio is taken per round, at 1, 16 and 64 concurrent calls. A call
 * is an error unless it is answered 200 with the tool's result (in JSON, or on an SSE
 * `data:` line), not a JSON-RPC error nor `isError`. Eight rounds of 1 s each (after a
 * 0.8 s warm-up) keep the section near two minutes and a half on two cores. Prints;
 * never fails on a time.
 *
 * The load goes through undici, not `node:http`'s client: on two cores the load shares
 * the machine with the server, and with `node:http`'s client it measured itself (the
 * floor served it 9,000 calls/s at 16 concurrent with a p99 of 10 ms, and undici 16,000
 * with 3.4 ms), which pulled every ratio towards 1.
 * `npx tsx bench/run.ts mcp-http` runs it alone.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Pool } from "undici";
import { builtEntry } from "./build";
import { repoRoot } from "./environment";
import { formatNumber, median } from "./harness";
import { atLeast, atMost, formatWithSpread, type RatioSpread, ratioSpread } from "./ratio";
import { ratioRow, type Section, type SummaryRow, table } from "./report";

/** The servers, in the order a forward round loads them (a backward round reverses it). */
const SERVERS = ["toolwright", "sdk", "floor", "toolwright-sessions", "sdk-sessions"] as const;
type Which = (typeof SERVERS)[number];

const PROTOCOL_VERSION = "2025-11-25";

async function start(which: Which, entries: readonly string[]) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(repoRoot, "bench", "mcp-http-server.ts"), which, ...entries],
    { cwd: repoRoot, stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error(`mcp-http-server (${which}) exited early`);
  const { url } = JSON.parse(first.value) as { url: string };
  return {
    url: new URL(url),
    sessions: which.endsWith("-sessions"),
    stop: () => child.stdin.end(),
  };
}

type Server = Awaited<ReturnType<typeof start>>;

interface Reply {
  readonly status: number;
  readonly sessionId: string | undefined;
  readonly contentType: string;
  readonly text: string;
}

/** One keep-alive connection to `url`, taking one request at a time. */
function connect(url: URL): Pool {
  return new Pool(url.origin, { connections: 1, pipelining: 1 });
}

/** One request on `connection`; undefined when it failed below HTTP. */
async function send(
  url: URL,
  connection: Pool,
  method: "POST" | "DELETE",
  headers: Record<string, string>,
  body?: string,
): Promise<Reply | undefined> {
  try {
    const res = await connection.request({
      path: url.pathname,
      method,
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body,
    });
    const id = res.headers["mcp-session-id"];
    const type = res.headers["content-type"];
    return {
      status: res.statusCode,
      sessionId: typeof id === "string" ? id : undefined,
      contentType: typeof type === "string" ? type : "",
      text: await res.body.text(),
    };
  } catch {
    return undefined;
  }
}

/** The JSON-RPC response in a reply: its JSON body, or the SSE `data:` line that answers. */
function responseOf(reply: Reply): { result?: unknown; error?: unknown } | undefined {
  if (!reply.contentType.startsWith("text/event-stream")) return JSON.parse(reply.text);
  for (const line of reply.text.split("\n")) {
    const data = line.startsWith("data:") ? line.slice(5).trim() : "";
    // An event store's priming event has an empty `data:` line.
    if (data === "") continue;
    const message = JSON.parse(data);
    if ("result" in message || "error" in message) return message;
  }
  return undefined;
}

/** Whether a `tools/call` of `echo` was answered with its result. */
function answered(reply: Reply | undefined): boolean {
  if (reply?.status !== 200) return false;
  try {
    const result = responseOf(reply)?.result as
      | { isError?: boolean; structuredContent?: { echoed?: string } }
      | undefined;
    return result?.isError !== true && result?.structuredContent?.echoed === "hello";
  } catch {
    return false;
  }
}

const callBody = (id: number) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello","count":3}}}`;

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: "bench", version: "1.0.0" },
  },
});
const INITIALIZED = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });

/** One load client: the headers its requests carry (its session's, if it has one). */
type Client = Record<string, string>;

/** A session started as a client does: `initialize`, then `notifications/initialized`. */
async function openSession(url: URL): Promise<Client> {
  const connection = connect(url);
  try {
    const init = await send(url, connection, "POST", {}, INITIALIZE);
    if (init?.status !== 200 || init.sessionId === undefined) {
      throw new Error(`initialize answered ${init?.status ?? "nothing"}: ${init?.text ?? ""}`);
    }
    const client = { "mcp-session-id": init.sessionId, "mcp-protocol-version": PROTOCOL_VERSION };
    const done = await send(url, connection, "POST", client, INITIALIZED);
    if (done?.status !== 202) throw new Error(`initialized answered ${done?.status ?? "nothing"}`);
    return client;
  } finally {
    await connection.close();
  }
}

async function closeSession(url: URL, client: Client): Promise<void> {
  const connection = connect(url);
  await send(url, connection, "DELETE", client);
  await connection.close();
}

/** One client per concurrent worker, each with a session of its own in session mode. */
function clientsOf(server: Server, concurrency: number): Promise<Client[]> {
  return Promise.all(
    Array.from({ length: concurrency }, () => (server.sessions ? openSession(server.url) : {})),
  );
}

interface Round {
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
}

/** Every client calls in a loop for `ms`, on a keep-alive connection of its own. */
async function round(url: URL, clients: readonly Client[], ms: number): Promise<Round> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  const worker = async (client: Client) => {
    const connection = connect(url);
    for (let id = 1; performance.now() < end; id++) {
      const t = performance.now();
      const ok = answered(await send(url, connection, "POST", client, callBody(id)));
      latencies.push(performance.now() - t);
      if (!ok) errors++;
    }
    await connection.close();
  };
  const started = performance.now();
  await Promise.all(clients.map(worker));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { rps: (latencies.length / elapsed) * 1000, p99, errors };
}

const CONCURRENCY = [1, 16, 64] as const;
const ROUNDS = 8;
const ROUND_MS = 1000;
const WARMUP_MS = 800;
/** Issue 22's goal at 16 concurrent calls: 1.5× the SDK's throughput, 0.8× its p99. */
const GOAL_AT = 16;

type Rounds = Record<Which, Round[]>;

async function measure(servers: Record<Which, Server>, concurrency: number): Promise<Rounds> {
  const clients = {} as Record<Which, Client[]>;
  for (const which of SERVERS) clients[which] = await clientsOf(servers[which], concurrency);
  const out = Object.fromEntries(SERVERS.map((which) => [which, []])) as unknown as Rounds;
  try {
    for (const which of SERVERS) await round(servers[which].url, clients[which], WARMUP_MS);
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? SERVERS : [...SERVERS].reverse();
      for (const which of order) {
        out[which].push(await round(servers[which].url, clients[which], ROUND_MS));
      }
    }
  } finally {
    for (const which of SERVERS) {
      if (servers[which].sessions) {
        await Promise.all(clients[which].map((c) => closeSession(servers[which].url, c)));
      }
    }
  }
  return out;
}

/** One mode's figures at one concurrency: toolwright against the SDK, and the floor. */
interface Compared {
  readonly throughput: RatioSpread;
  readonly tail: RatioSpread;
  readonly ofFloor: RatioSpread;
  /** Both servers' errors: a ratio counts only if neither had any. */
  readonly errors: number;
  readonly row: string[];
}

function compare(out: Rounds, ours: Which, theirs: Which, concurrency: number): Compared {
  const rps = (which: Which) => out[which].map((x) => x.rps);
  const p99 = (which: Which) => out[which].map((x) => x.p99);
  const errors = (which: Which) => out[which].reduce((n, x) => n + x.errors, 0);
  const throughput = ratioSpread(rps(ours), rps(theirs));
  const tail = ratioSpread(p99(ours), p99(theirs));
  const ofFloor = ratioSpread(rps(ours), rps("floor"));
  const ms = (which: Which) => median(p99(which)).toFixed(2);
  const row = [
    String(concurrency),
    formatNumber(median(rps(ours))),
    formatNumber(median(rps(theirs))),
    formatNumber(median(rps("floor"))),
    formatWithSpread(throughput),
    formatWithSpread(ofFloor),
    `${ms(ours)} / ${ms(theirs)} / ${ms("floor")}`,
    formatWithSpread(tail),
    `${errors(ours)} / ${errors(theirs)} / ${errors("floor")}`,
  ];
  return { throughput, tail, ofFloor, errors: errors(ours) + errors(theirs), row };
}

const AREA = "MCP over HTTP";

/** The summary rows of one mode at one concurrency; the goals at {@link GOAL_AT}. */
function summaryOf(mode: string, figures: Compared, concurrency: number): SummaryRow[] {
  const at = `${concurrency} concurrent`;
  const goal = concurrency === GOAL_AT;
  const rows = [
    ratioRow(
      AREA,
      `${mode}, throughput, ${at}`,
      figures.throughput,
      goal ? atLeast(1.5) : undefined,
    ),
    ratioRow(AREA, `${mode}, p99, ${at}`, figures.tail, goal ? atMost(0.8) : undefined),
  ];
  if (!goal) return rows;
  return [
    ...rows,
    {
      area: AREA,
      figure: `${mode}, errors (both servers), ${at}`,
      value: String(figures.errors),
      spread: "none (a count)",
      goal: "0",
      meets: figures.errors === 0 ? "yes" : "no",
    },
  ];
}

const STATELESS = "listenMcpHttp vs SDK stateless server";
const SESSIONS = "listenMcpHttp({ sessions: true }) vs SDK stateful server";

const HEADER = [
  "concurrent",
  "toolwright req/s",
  "SDK req/s",
  "floor req/s",
  "throughput ratio",
  "toolwright / floor throughput",
  "p99 ms (toolwright / SDK / floor)",
  "p99 ratio",
  "errors (toolwright / SDK / floor)",
];

function markdownOf(stateless: readonly string[][], sessions: readonly string[][]): string {
  return [
    "Raw `tools/call` POSTs from a loading process, one client per concurrent call with a",
    "keep-alive connection of its own, to each server in a process of its own; rounds",
    "alternate between them. The floor is a bare `node:http` server answering the same",
    "result with no MCP machinery and no validation; the one loading process bounds it too,",
    "so it is the most this load can show. The SDK's stateless server makes a new",
    "`McpServer` and transport per request.",
    "",
    "Stateless:",
    "",
    table(HEADER, stateless),
    "",
    "Session mode: each client starts its session before timing (`initialize`, then",
    "`notifications/initialized`) and sends `mcp-session-id` with every call. The SDK's",
    "stateful server keeps one `McpServer` and transport per session by id, as its README's",
    "example does, with no event store, and answers each call as SSE; `listenMcpHttp` keeps",
    "its default event store (a memory store per session) and answers a call that is done",
    "within the turn that received it as JSON (one that waits gets SSE, priming event first).",
    "",
    table(HEADER, sessions),
  ].join("\n");
}

/**
 * The section, measured in a process of its own: the load it generates is timed there,
 * and the bench's own process, after the sections before this one, carries their heap and
 * their collections (in a full run the floor answered it 11,600 calls/s at 16 concurrent,
 * against 16,000 to 23,000 when this section ran alone).
 */
export async function runMcpHttp(): Promise<Section> {
  const script = fileURLToPath(import.meta.url);
  // The built `toolwright` and `toolwright/mcp` the servers load.
  const entries = ["toolwright", "toolwright/mcp"].map((specifier) => builtEntry(specifier).file);
  const child = spawn(process.execPath, ["--import", "tsx", script, ...entries], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  if (code !== 0) throw new Error(`bench/mcp-http.ts exited with ${code}`);
  return JSON.parse(out) as Section;
}

/** The section: every server at each concurrency, with the ratios per round. */
async function measureSection(entries: readonly string[]): Promise<Section> {
  const started = await Promise.all(SERVERS.map((which) => start(which, entries)));
  const servers = Object.fromEntries(SERVERS.map((w, i) => [w, started[i]])) as Record<
    Which,
    Server
  >;
  const rows = { stateless: [] as string[][], sessions: [] as string[][] };
  const summary: SummaryRow[] = [];
  const floorRows: SummaryRow[] = [];
  try {
    for (const concurrency of CONCURRENCY) {
      const out = await measure(servers, concurrency);
      const stateless = compare(out, "toolwright", "sdk", concurrency);
      const sessions = compare(out, "toolwright-sessions", "sdk-sessions", concurrency);
      rows.stateless.push(stateless.row);
      rows.sessions.push(sessions.row);
      summary.push(
        ...summaryOf(STATELESS, stateless, concurrency),
        ...summaryOf(SESSIONS, sessions, concurrency),
      );
      floorRows.push(
        ratioRow(
          AREA,
          `listenMcpHttp / bare node:http floor, throughput, ${concurrency} concurrent`,
          stateless.ofFloor,
        ),
      );
      console.error(`stateless | ${stateless.row.join(" | ")}`);
      console.error(`sessions  | ${sessions.row.join(" | ")}`);
    }
  } finally {
    for (const server of started) server.stop();
  }
  return {
    title: AREA,
    markdown: markdownOf(rows.stateless, rows.sessions),
    summary: [...summary, ...floorRows],
  };
}

const script = process.argv[1];
if (script !== undefined && import.meta.url === pathToFileURL(script).href) {
  process.stdout.write(JSON.stringify(await measureSection(process.argv.slice(2))));
}
