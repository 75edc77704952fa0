/**
 * Throughput and p99 of MCP `tools/call` over Streamable HTTP (stateless): toolwright's
 * `listenMcpHttp` against the MCP SDK's own stateless server, each in a process of its
 * own (`mcp-http-server.ts`), loaded from this process with raw JSON-RPC POSTs over
 * keep-alive connections at a fixed concurrency. Rounds alternate between the two
 * servers, so round `r` of both ran under the same conditions, and a ratio is taken per
 * round, at 1, 16 and 64 concurrent calls. Prints; never fails on a time.
 * `npx tsx bench/run.ts mcp-http` runs it alone.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { repoRoot } from "./environment";
import { formatNumber, median } from "./harness";
import { atLeast, atMost, formatWithSpread, ratioSpread } from "./ratio";
import { ratioRow, type Section, type SummaryRow, table } from "./report";

type Which = "toolwright" | "sdk";

const BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "echo", arguments: { text: "hello", count: 3 } },
});

async function start(which: Which) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(repoRoot, "bench", "mcp-http-server.ts"), which],
    { cwd: repoRoot, stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error(`mcp-http-server (${which}) exited early`);
  const { url } = JSON.parse(first.value) as { url: string };
  return { url: new URL(url), stop: () => child.stdin.end() };
}

function post(url: URL, agent: Agent): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": Buffer.byteLength(BODY),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve(res.statusCode === 200 && text.includes("echoed")));
      },
    );
    req.on("error", () => resolve(false));
    req.end(BODY);
  });
}

interface Round {
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
}

async function round(url: URL, concurrency: number, ms: number): Promise<Round> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const ok = await post(url, agent);
      latencies.push(performance.now() - t);
      if (!ok) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { rps: (latencies.length / elapsed) * 1000, p99, errors };
}

const CONCURRENCY = [1, 16, 64] as const;
const ROUNDS = 6;
const ROUND_MS = 2500;
const WARMUP_MS = 1500;
/** Issue 22's goal at 16 concurrent calls: 1.5× the SDK's throughput, 0.8× its p99. */
const GOAL_AT = 16;

async function measure(
  servers: Record<Which, { url: URL }>,
  concurrency: number,
): Promise<Record<Which, Round[]>> {
  for (const which of ["toolwright", "sdk"] as const) {
    await round(servers[which].url, concurrency, WARMUP_MS);
  }
  const out: Record<Which, Round[]> = { toolwright: [], sdk: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order: Which[] = r % 2 === 0 ? ["toolwright", "sdk"] : ["sdk", "toolwright"];
    for (const which of order) {
      out[which].push(await round(servers[which].url, concurrency, ROUND_MS));
    }
  }
  return out;
}

/** The section: both servers at each concurrency, with the ratios per round. */
export async function runMcpHttp(): Promise<Section> {
  const servers = { toolwright: await start("toolwright"), sdk: await start("sdk") };
  const rows: string[][] = [];
  const summary: SummaryRow[] = [];
  try {
    for (const concurrency of CONCURRENCY) {
      const out = await measure(servers, concurrency);
      const rps = (which: Which) => out[which].map((x) => x.rps);
      const p99 = (which: Which) => out[which].map((x) => x.p99);
      const errors = (which: Which) => out[which].reduce((n, x) => n + x.errors, 0);
      const throughput = ratioSpread(rps("toolwright"), rps("sdk"));
      const tail = ratioSpread(p99("toolwright"), p99("sdk"));
      rows.push([
        String(concurrency),
        formatNumber(median(rps("toolwright"))),
        formatNumber(median(rps("sdk"))),
        formatWithSpread(throughput),
        `${median(p99("toolwright")).toFixed(2)} / ${median(p99("sdk")).toFixed(2)}`,
        formatWithSpread(tail),
        `${errors("toolwright")} / ${errors("sdk")}`,
      ]);
      const at = `${concurrency} concurrent`;
      const goal = concurrency === GOAL_AT;
      summary.push(
        ratioRow(
          "MCP over HTTP",
          `listenMcpHttp vs SDK stateless server, throughput, ${at}`,
          throughput,
          goal ? atLeast(1.5) : undefined,
        ),
        ratioRow(
          "MCP over HTTP",
          `listenMcpHttp vs SDK stateless server, p99, ${at}`,
          tail,
          goal ? atMost(0.8) : undefined,
        ),
      );
      console.log(rows.at(-1)?.join(" | "));
    }
  } finally {
    servers.toolwright.stop();
    servers.sdk.stop();
  }
  const markdown = [
    "Raw `tools/call` POSTs over keep-alive connections, from the parent process, to",
    "`listenMcpHttp` and to the MCP SDK's own stateless server (a new `McpServer` and",
    "transport per request), each in a process of its own; rounds alternate between them.",
    "",
    table(
      [
        "concurrent",
        "toolwright req/s",
        "SDK req/s",
        "throughput ratio",
        "p99 ms (toolwright / SDK)",
        "p99 ratio",
        "errors",
      ],
      rows,
    ),
  ].join("\n");
  return { title: "MCP over HTTP", markdown, summary };
}
