/**
 * Times the two MCP paths of a scenario in processes of their own (`mcp-worker.ts`),
 * round by round: the parent asks each worker for one round in turn, so round `r` of
 * both paths ran side by side, as the in-process candidates of `harness.ts` do, and a
 * ratio can be taken per round. Which worker goes first alternates between rounds.
 * Each pair of workers is a fresh pair of processes; rounds of every pair are pooled,
 * so the spread of a ratio includes how much one process differs from the next.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { repoRoot } from "./environment";
import type { McpPath } from "./mcp-paths";
import type { Scenario } from "./scenarios";

/** Nanoseconds per call in each round: the hand-written floor and the MCP path, in one worker. */
export interface McpPathRounds {
  readonly floor: number[];
  readonly path: number[];
}

export type McpRounds = Record<McpPath, McpPathRounds>;

/** How many processes and rounds. */
export interface McpRoundOptions {
  /** Fresh pairs of worker processes. */
  readonly pairs?: number;
  /** Rounds per pair. */
  readonly rounds?: number;
}

interface Worker {
  ready(): Promise<void>;
  round(): Promise<[floor: number, path: number]>;
  stop(): Promise<void>;
}

function startWorker(scenario: Scenario, path: McpPath): Worker {
  const script = join(repoRoot, "bench", "mcp-worker.ts");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", script, scenario.major, scenario.payload, path],
    { cwd: repoRoot, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = once(child, "close");
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const line = await lines.next();
    if (!line.done) return line.value;
    await exited;
    throw new Error(`mcp-worker (${path}) exited early: ${stderr.slice(0, 600)}`);
  };
  return {
    async ready() {
      const line = await next();
      if (line !== "ready") throw new Error(`mcp-worker (${path}) said '${line}', not 'ready'`);
    },
    async round() {
      child.stdin.write("round\n");
      return JSON.parse(await next()) as [number, number];
    },
    async stop() {
      child.stdin.end();
      const [code] = await exited;
      if (code !== 0) throw new Error(`mcp-worker (${path}) failed: ${stderr.slice(0, 600)}`);
    },
  };
}

async function pairRounds(scenario: Scenario, rounds: number, into: McpRounds): Promise<void> {
  const workers: Record<McpPath, Worker> = {
    toolwright: startWorker(scenario, "toolwright"),
    sdk: startWorker(scenario, "sdk"),
  };
  try {
    await Promise.all([workers.toolwright.ready(), workers.sdk.ready()]);
    for (let r = 0; r < rounds; r++) {
      const order: McpPath[] = r % 2 === 0 ? ["toolwright", "sdk"] : ["sdk", "toolwright"];
      for (const path of order) {
        const [floor, ns] = await workers[path].round();
        into[path].floor.push(floor);
        into[path].path.push(ns);
      }
    }
  } finally {
    await Promise.all([workers.toolwright.stop(), workers.sdk.stop()]);
  }
}

/** Times both MCP paths of `scenario`, rounds paired across the two worker processes. */
export async function measureMcp(
  scenario: Scenario,
  { pairs = 2, rounds = 21 }: McpRoundOptions = {},
): Promise<McpRounds> {
  const out: McpRounds = { toolwright: { floor: [], path: [] }, sdk: { floor: [], path: [] } };
  for (let pair = 0; pair < pairs; pair++) await pairRounds(scenario, rounds, out);
  return out;
}
