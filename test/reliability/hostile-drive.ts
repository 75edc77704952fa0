/**
 * The hostile loads of issue 21, each returning what it counted and measured: slow
 * readers over HTTP, partial floods nobody reads (HTTP and stdio), 10,000 calls timing
 * out at once, 100,000 pending approvals. `hostile-loads.test.ts` runs them small and
 * asserts the counts (0 lost); `npm run bench -- reliability` runs them full size and
 * prints the figures, times included.
 *
 * The transport loads run the server in a process of its own (`mcp-transport-server.ts`,
 * started with `--expose-gc`), which reports its heap after a collection and its RSS on
 * stderr; the memory figures here are that process's. The in-process loads
 * (`concurrentTimeouts`, `pendingApprovals`) take a `heap` function: `hostile-probe.ts`
 * passes one that collects first.
 */
import { spawn } from "node:child_process";
import type { Socket } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import {
  type ApprovalRequest,
  capability,
  defineTool,
  isPending,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { z } from "zod";
import { callBody, mcpHeaders, openSocket, post } from "../adapters/mcp/http-raw";
import { initialize } from "../adapters/mcp/stdio-handshake";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A memory report of the server process: heap (JS heap plus external buffers) after a collection, and RSS. */
export interface Memory {
  readonly heap: number;
  readonly rss: number;
}

interface Report {
  readonly heap?: number;
  readonly rss?: number;
  readonly ports?: readonly number[];
  readonly dropped?: number;
  readonly flooded?: number;
  readonly url?: string;
  /** When the line arrived here (`performance.now()`). */
  readonly at: number;
}

interface Message {
  readonly id?: number | string | null;
  readonly method?: string;
  readonly result?: { isError?: boolean; structuredContent?: unknown };
  readonly error?: { code: number; message: string };
}

/** Nearest-rank percentile of `values` (milliseconds); `NaN` when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** The fixture server in a child process, with what it reports. */
function startServer(mode: "http" | "stdio", options: unknown = {}) {
  const child = spawn(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      "tsx",
      "test/reliability/mcp-transport-server.ts",
      mode,
      JSON.stringify(options),
    ],
    { cwd: root, stdio: ["pipe", "pipe", "pipe"] },
  );
  child.stdin.on("error", () => {}); // a write still pending when the child goes
  const reports: Report[] = [];
  let stderr = "";
  createInterface({ input: child.stderr }).on("line", (line) => {
    stderr += `${line}\n`;
    if (line.startsWith("{")) reports.push({ ...JSON.parse(line), at: performance.now() });
  });
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const memories = (from = 0) =>
    reports
      .slice(from)
      .filter(
        (report): report is Report & Memory =>
          report.heap !== undefined && report.rss !== undefined,
      )
      .map(({ heap, rss }) => ({ heap, rss }));
  return {
    child,
    reports,
    stderr: () => stderr,
    exited: () => exited,
    /** The memory reported after the next collection from now on. */
    async nextMemory(): Promise<Memory> {
      const seen = reports.length;
      await until(() => memories(seen).length > 0 || exited, "a memory report");
      const last = memories(seen).at(-1);
      if (last === undefined) throw new Error(`the server exited: ${stderr}`);
      return last;
    },
    /** The highest RSS reported since report `from`. */
    peakRss: (from: number) => Math.max(0, ...memories(from).map((memory) => memory.rss)),
    flooded: () => reports.find((report) => report.flooded !== undefined)?.flooded,
    /** Ends the child (SIGKILL unless it already exited) and waits for its pipes to close. */
    async stop(): Promise<void> {
      if (!exited) child.kill("SIGKILL");
      await closed;
    },
    /** Waits for the child to exit by itself, killing it after `ms`. */
    async ended(ms: number): Promise<void> {
      const timer = setTimeout(() => child.kill("SIGKILL"), ms);
      await closed;
      clearTimeout(timer);
    },
  };
}

type Server = ReturnType<typeof startServer>;

async function startHttp(limits: Record<string, number>): Promise<Server & { url: URL }> {
  const server = startServer("http", { limits });
  try {
    const url = await new Promise<URL>((resolve, reject) => {
      createInterface({ input: server.child.stdout as NodeJS.ReadableStream }).once(
        "line",
        (line) => resolve(new URL((JSON.parse(line) as Report).url ?? "")),
      );
      server.child.once("exit", () => reject(new Error(`the server exited: ${server.stderr()}`)));
    });
    await server.nextMemory();
    return { ...server, url };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** POSTs `body` on a raw socket and never reads what comes back. */
async function postUnread(
  url: URL,
  body: string,
): Promise<{ socket: Socket; open: () => boolean }> {
  const socket = await openSocket(url);
  let open = true;
  socket.on("close", () => {
    open = false;
  });
  socket.on("error", () => {});
  const headers = Object.entries({
    ...mcpHeaders,
    host: url.host,
    "content-length": Buffer.byteLength(body),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.write(`POST ${url.pathname} HTTP/1.1\r\n${headers}\r\n${body}`);
  socket.pause();
  return { socket, open: () => open };
}

/** The `structuredContent` of a `tools/call` answer, from a JSON or an SSE body. */
function structuredOf(body: string): { n?: unknown; floods?: unknown } | undefined {
  const texts = body.trimStart().startsWith("{")
    ? [body]
    : body
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5));
  for (const text of texts) {
    try {
      const message = JSON.parse(text) as Message;
      if (message.result !== undefined && message.result.isError !== true) {
        return message.result.structuredContent as { n?: unknown; floods?: unknown };
      }
    } catch {
      // not a JSON line: skip it
    }
  }
  return undefined;
}

/** What an echo client counted: every call is answered with its own `n` or lost. */
export interface EchoFigures {
  /** Echo calls made. */
  readonly calls: number;
  /** Calls answered with their own `n`. */
  readonly answered: number;
  /** Calls not answered with their own `n` within `callTimeoutMs`, retries included. */
  readonly lost: number;
  /** Connection attempts the server refused (closed at once) or reset, each retried. */
  readonly refused: number;
  /** Latency of each answered call, from its first attempt to its answer, in ms. */
  readonly latenciesMs: readonly number[];
}

/**
 * One echo client calling `echo` over plain HTTP (a fresh connection each, `agent:
 * false`), one call after another, while `going()`; a refused or reset connection is
 * retried after 10 ms until `callTimeoutMs`. `onAnswer` sees each answer's content.
 */
async function echoClient(
  url: URL,
  going: () => boolean,
  onAnswer: (content: { n?: unknown; floods?: unknown }) => void = () => {},
  callTimeoutMs = 15_000,
): Promise<EchoFigures> {
  const latenciesMs: number[] = [];
  let [calls, answered, lost, refused] = [0, 0, 0, 0];
  for (let n = 0; going() || calls === 0; n += 1) {
    calls += 1;
    const started = performance.now();
    let done = false;
    while (!done && performance.now() - started < callTimeoutMs) {
      const reply = await post(url, callBody("echo", { n }, n)).catch(() => undefined);
      if (reply === undefined) {
        refused += 1;
        await sleep(10);
        continue;
      }
      done = true;
      const content = reply.status === 200 ? structuredOf(reply.body) : undefined;
      if (content?.n === n) {
        answered += 1;
        latenciesMs.push(performance.now() - started);
        onAnswer(content);
      } else {
        lost += 1;
      }
    }
    if (!done) lost += 1;
  }
  return { calls, answered, lost, refused, latenciesMs };
}

/** What the slow-readers load measured. */
export interface SlowReaderFigures {
  readonly readers: number;
  /** The most slow readers the server held at once, and the number it had closed by the end. */
  readonly maxHeld: number;
  readonly readersClosed: number;
  /** From the first reader's connection to the server closing the last one, in ms. */
  readonly readersHeldMs: number;
  readonly echo: EchoFigures;
  /** Echo calls answered while the server still held at least one slow reader. */
  readonly answeredWhileHeld: number;
  /** Connections the server refused at its `maxConnections` (Node's `drop`). */
  readonly dropped: number;
  /** The server's memory before the readers connected, its highest RSS during the load, and after it. */
  readonly before: Memory;
  readonly peakRss: number;
  readonly after: Memory;
}

/**
 * `readers` raw sockets POST a `tools/call` of `big` (`mib` MiB of text) and never read,
 * against a server with `maxConnections: readers` and `writeStallTimeoutMs: stallMs`.
 * Meanwhile an echo client calls `echo`, one call after another, until the server has
 * closed every slow reader and at least `windowMs` has passed. Which readers the server
 * holds is read from its reports (every 100 ms), by their ports.
 */
export async function slowReaders({
  readers = 8,
  mib = 16,
  stallMs = 500,
  windowMs = 1_000,
} = {}): Promise<SlowReaderFigures> {
  const server = await startHttp({ maxConnections: readers, writeStallTimeoutMs: stallMs });
  const sockets: Socket[] = [];
  try {
    const before = await server.nextMemory();
    const from = server.reports.length;
    const started = performance.now();
    for (let id = 1; id <= readers; id += 1) {
      sockets.push((await postUnread(server.url, callBody("big", { mib }, id))).socket);
    }
    const readerPorts = new Set(sockets.map((socket) => socket.localPort));
    const seen = new Set<number>();
    let [maxHeld, held, goneAt] = [0, 0, Number.NaN];
    let read = from;
    const readReports = () => {
      for (; read < server.reports.length; read += 1) {
        const report = server.reports[read] as Report;
        if (report.ports === undefined) continue;
        const open = report.ports.filter((port) => readerPorts.has(port));
        for (const port of open) seen.add(port);
        held = open.length;
        maxHeld = Math.max(maxHeld, held);
        if (held === 0 && seen.size === readers && Number.isNaN(goneAt)) goneAt = report.at;
      }
    };
    let answeredWhileHeld = 0;
    const deadline = started + 20_000;
    const echo = await echoClient(
      server.url,
      () => {
        readReports();
        const now = performance.now();
        return now < deadline && (Number.isNaN(goneAt) || now < started + windowMs);
      },
      () => {
        readReports();
        if (held > 0) answeredWhileHeld += 1;
      },
    );
    readReports();
    const readersClosed = [...seen].filter((port) => {
      const last = server.reports.findLast((report) => report.ports !== undefined);
      return !last?.ports?.includes(port);
    }).length;
    for (const socket of sockets) socket.destroy();
    const after = await server.nextMemory();
    return {
      readers,
      maxHeld,
      readersClosed,
      readersHeldMs: goneAt - started,
      echo,
      answeredWhileHeld,
      dropped: server.reports.findLast((report) => report.dropped !== undefined)?.dropped ?? 0,
      before,
      peakRss: server.peakRss(from),
      after,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
}

/** What a partial-flood load measured. */
export interface FloodFigures {
  /** Partials the tool yielded (it stops early only when its call is aborted). */
  readonly yielded: number;
  /** The server's memory before the flood, its highest RSS during it, and after it. */
  readonly before: Memory;
  readonly peakRss: number;
  readonly after: Memory;
}

/** The HTTP flood's figures, with what the other client saw. */
export interface HttpFloodFigures extends FloodFigures {
  readonly echo: EchoFigures;
  /** Echo calls the server answered while the flood was running (its `floods` was 1). */
  readonly answeredDuringFlood: number;
  /** Whether the flooded connection was still open when the flood ended (progress dropped, not the connection). */
  readonly readerOpen: boolean;
}

/**
 * A raw-socket client calls `flood` (`partials` partials of `size` characters, yielded
 * without awaiting) with a progress token and never reads; meanwhile an echo client
 * calls `echo` until the flood ends.
 */
export async function httpPartialFlood({
  partials = 100_000,
  size = 1_000,
} = {}): Promise<HttpFloodFigures> {
  const server = await startHttp({ writeStallTimeoutMs: 60_000 });
  let reader: { socket: Socket; open: () => boolean } | undefined;
  try {
    const before = await server.nextMemory();
    const from = server.reports.length;
    reader = await postUnread(
      server.url,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "flood",
          arguments: { count: partials, size },
          _meta: { progressToken: "flood" },
        },
      }),
    );
    let answeredDuringFlood = 0;
    const echo = await echoClient(
      server.url,
      () => server.flooded() === undefined,
      (content) => {
        if (content.floods === 1) answeredDuringFlood += 1;
      },
    );
    await until(() => server.flooded() !== undefined, "the flood to end", 60_000);
    const readerOpen = reader.open();
    const after = await server.nextMemory();
    const peakRss = server.peakRss(from);
    const yielded = server.flooded() ?? 0;
    return { yielded, before, peakRss, after, echo, answeredDuringFlood, readerOpen };
  } finally {
    reader?.socket.destroy();
    await server.stop();
  }
}

/** The stdio flood's figures. */
export interface StdioFloodFigures extends FloodFigures {
  /** Progress notifications the parent received once it read again. */
  readonly progressReceived: number;
  /** 1 when the flood's own answer never came or came as an error, else 0. */
  readonly lost: number;
}

/**
 * A stdio server whose parent stops reading its stdout, then asks for `flood` with a
 * progress token; once the flood is over, the parent reads again and waits for the
 * answer, then ends stdin (the server exits by itself).
 */
export async function stdioPartialFlood({
  partials = 100_000,
  size = 1_000,
} = {}): Promise<StdioFloodFigures> {
  const server = startServer("stdio");
  try {
    const messages: Message[] = [];
    createInterface({ input: server.child.stdout as NodeJS.ReadableStream }).on("line", (line) =>
      messages.push(JSON.parse(line) as Message),
    );
    const send = (message: unknown) => server.child.stdin?.write(`${JSON.stringify(message)}\n`);
    const answer = (id: number) => messages.find((message) => message.id === id);
    initialize(send);
    await until(() => answer(0) !== undefined, "the initialize answer");
    const before = await server.nextMemory();
    const from = server.reports.length;
    server.child.stdout?.pause();
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "flood",
        arguments: { count: partials, size },
        _meta: { progressToken: "flood" },
      },
    });
    await until(() => server.flooded() !== undefined, "the flood to end", 60_000);
    const after = await server.nextMemory();
    const peakRss = server.peakRss(from);
    server.child.stdout?.resume();
    await until(() => answer(1) !== undefined, "the flood's answer", 30_000).catch(() => {});
    const answered = answer(1);
    const lost = answered?.result !== undefined && answered.result.isError !== true ? 0 : 1;
    const progressReceived = messages.filter(
      (message) => message.method === "notifications/progress",
    ).length;
    server.child.stdin?.end();
    await server.ended(5_000);
    return { yielded: server.flooded() ?? 0, before, peakRss, after, progressReceived, lost };
  } finally {
    await server.stop();
  }
}

/** Heap in use, in bytes: after a collection in `hostile-probe.ts`, as is in a test. */
export type HeapGauge = () => number;

const heapUsed: HeapGauge = () => process.memoryUsage().heapUsed;

/** What the timeouts load counted and measured. */
export interface TimeoutFigures {
  readonly calls: number;
  /** Outcomes of kind `timeout`. */
  readonly timeouts: number;
  /** Calls that settled any other way, or rejected. */
  readonly lost: number;
  /** For each call, the time from its deadline (start + timeoutMs) to its outcome, in ms. */
  readonly latenessMs: readonly number[];
  /** How long starting the calls took (synchronous work the timers wait behind), in ms. */
  readonly issueMs: number;
  /** Heap before the calls (after a warm-up) and after them all settled, the outcomes dropped. */
  readonly heapBefore: number;
  readonly heapAfter: number;
}

function hangingSet(timeoutMs: number): ToolSet {
  const hang = defineTool({
    description: "Never settles",
    parameters: z.object({ n: z.number() }),
    controls: { timeoutMs },
    execute: () => new Promise<never>(() => {}),
  });
  const tools = toolbox("hang", "A tool that never settles", { hang });
  return toolSet([capability({ name: "hang", description: "Hangs", toolbox: tools })]) as never;
}

async function timeoutsOnce(set: ToolSet, count: number, timeoutMs: number) {
  const latenessMs = new Array<number>(count);
  let [timeouts, lost] = [0, 0];
  const issuing = performance.now();
  const settled = Promise.all(
    Array.from({ length: count }, (_, n) => {
      const deadline = performance.now() + timeoutMs;
      return set.call("hang", { n }).then(
        (outcome) => {
          latenessMs[n] = performance.now() - deadline;
          if (!outcome.ok && outcome.kind === "timeout") timeouts += 1;
          else lost += 1;
        },
        () => {
          latenessMs[n] = performance.now() - deadline;
          lost += 1;
        },
      );
    }),
  );
  const issueMs = performance.now() - issuing;
  await settled;
  return { timeouts, lost, latenessMs, issueMs };
}

/**
 * `count` concurrent calls of a tool that never settles, each with `timeoutMs`: every
 * one is owed a `timeout` outcome, and the set keeps nothing of them once they have.
 */
export async function concurrentTimeouts(
  count: number,
  { timeoutMs = 20, heap = heapUsed }: { timeoutMs?: number; heap?: HeapGauge } = {},
): Promise<TimeoutFigures> {
  const set = hangingSet(timeoutMs);
  await timeoutsOnce(set, Math.min(count, 1_000), timeoutMs);
  const heapBefore = heap();
  const { timeouts, lost, latenessMs, issueMs } = await timeoutsOnce(set, count, timeoutMs);
  const heapAfter = heap();
  return { calls: count, timeouts, lost, latenessMs, issueMs, heapBefore, heapAfter };
}

/** What the pending-approvals load counted and measured. */
export interface ApprovalFigures {
  readonly calls: number;
  /** Calls that came back pending with an approval request. */
  readonly pending: number;
  /** Resumes (`{ approved: true }`) that came back with the tool's value. */
  readonly resumedOk: number;
  /** Calls whose tool never ran, and extra runs of calls that ran more than once. */
  readonly missing: number;
  readonly doubled: number;
  /** Of the `replayed` most recently settled requests resumed again, how many ran again. */
  readonly replayed: number;
  readonly replayRan: number;
  /** Heap before (after a warm-up), with every request pending (held by the caller), and once all were settled and dropped. */
  readonly heapBefore: number;
  readonly heapPending: number;
  readonly heapAfter: number;
}

function gatedSet(runs: Uint8Array): ToolSet {
  const pay = defineTool({
    description: "Pays, once approved",
    parameters: z.object({ n: z.number().int() }),
    controls: { needsApproval: true },
    execute: ({ n }) => {
      runs[n] = (runs[n] ?? 0) + 1;
      return { paid: n };
    },
  });
  const tools = toolbox("pay", "Payments", { pay });
  return toolSet([capability({ name: "pay", description: "Pays", toolbox: tools })]) as never;
}

/**
 * `count` concurrent calls of a `needsApproval` tool, each coming back pending; the
 * requests held, then every one resumed with `{ approved: true }`: the tool runs exactly
 * once per call. Then the `replay` most recently settled are resumed again: none runs.
 */
export async function pendingApprovals(
  count: number,
  { heap = heapUsed, replay = 1_000 }: { heap?: HeapGauge; replay?: number } = {},
): Promise<ApprovalFigures> {
  const warmRuns = new Uint8Array(1_000);
  const warm = gatedSet(warmRuns);
  const warmed = await Promise.all(
    Array.from({ length: 1_000 }, (_, n) => warm.call("pay", { n })),
  );
  await Promise.all(
    warmed.filter(isPending).map((outcome) => warm.resume(outcome.approval, { approved: true })),
  );
  const runs = new Uint8Array(count);
  const set = gatedSet(runs);
  const heapBefore = heap();
  let requests: (ApprovalRequest | undefined)[] = (
    await Promise.all(Array.from({ length: count }, (_, n) => set.call("pay", { n })))
  ).map((outcome) => (isPending(outcome) ? outcome.approval : undefined));
  const pending = requests.filter((request) => request !== undefined).length;
  const heapPending = heap();
  let resumedOk = 0;
  await Promise.all(
    requests.map(async (request) => {
      if (request === undefined) return;
      if ((await set.resume(request, { approved: true })).ok) resumedOk += 1;
    }),
  );
  let [missing, doubled] = [0, 0];
  for (const ran of runs) {
    if (ran === 0) missing += 1;
    else doubled += ran - 1;
  }
  const before = runs.reduce((sum, ran) => sum + ran, 0);
  let recent = requests.slice(-replay).filter((request) => request !== undefined);
  const replayed = recent.length;
  await Promise.all(recent.map((request) => set.resume(request, { approved: true })));
  const replayRan = runs.reduce((sum, ran) => sum + ran, 0) - before;
  [requests, recent] = [[], []];
  const heapAfter = heap();
  return {
    calls: count,
    pending,
    resumedOk,
    missing,
    doubled,
    replayed,
    replayRan,
    heapBefore,
    heapPending,
    heapAfter,
  };
}
