/**
 * Throughput and p99 of MCP `tools/call` over Streamable HTTP (stateless): toolwright's
 * `listenMcpHttp` against the MCP SDK's own stateless server, each in a process of its
 * own (`mcp-http-server.ts`), loaded from this process with raw JSON-RPC POSTs over
 * keep-alive connections at a fixed concurrency. Rounds alternate between the two
 * servers, so round `r` of both ran under the same conditions, and a ratio is taken per
 * round. Prints; never fails on a time.
 *
 * Usage: `tsx bench/mcp-http.ts [concurrency=16] [rounds=6] [roundMs=3000]`
 *
 * @module
 */
import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { repoRoot } from "./environment";

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

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const spread = (xs: readonly number[]) =>
  `${median(xs).toFixed(2)}× (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;

const [concurrency = 16, rounds = 6, roundMs = 3000] = process.argv.slice(2).map(Number);
const servers = { toolwright: await start("toolwright"), sdk: await start("sdk") };
try {
  // Warm up both (JIT, connections).
  for (const which of ["toolwright", "sdk"] as const)
    await round(servers[which].url, concurrency, 1500);
  const out: Record<Which, Round[]> = { toolwright: [], sdk: [] };
  for (let r = 0; r < rounds; r++) {
    const order: Which[] = r % 2 === 0 ? ["toolwright", "sdk"] : ["sdk", "toolwright"];
    for (const which of order)
      out[which].push(await round(servers[which].url, concurrency, roundMs));
  }
  const rpsRatio = out.toolwright.map((t, i) => t.rps / (out.sdk[i] as Round).rps);
  const p99Ratio = out.toolwright.map((t, i) => t.p99 / (out.sdk[i] as Round).p99);
  for (const which of ["toolwright", "sdk"] as const) {
    const rs = out[which];
    console.log(
      `${which}: ${median(rs.map((x) => x.rps)).toFixed(0)} req/s (${rs.map((x) => x.rps.toFixed(0)).join(", ")}), ` +
        `p99 ${median(rs.map((x) => x.p99)).toFixed(2)} ms, errors ${rs.reduce((n, x) => n + x.errors, 0)}`,
    );
  }
  console.log(`concurrency ${concurrency}, ${rounds} rounds of ${roundMs} ms`);
  console.log(`throughput toolwright/sdk: ${spread(rpsRatio)}`);
  console.log(`p99 toolwright/sdk: ${spread(p99Ratio)}`);
} finally {
  servers.toolwright.stop();
  servers.sdk.stop();
}
