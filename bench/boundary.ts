/**
 * Boundary overhead: what a call costs through toolwright's boundary compared with
 * the same `parameters.parse` + callback + `returns.parse` written by hand, and the
 * MCP bridge compared with the MCP SDK's own `registerTool` + `Client.callTool` path.
 *
 * @module
 */
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { type Candidate, formatNs, measure, measureDefaults, median } from "./harness";
import { measureMcp } from "./mcp-rounds";
import { atMost, formatWithSpread, type RatioSpread, ratioSpread } from "./ratio";
import { ratioRow, type Section, type SummaryRow, table } from "./report";
import { type Scenario, scenarios, verify } from "./scenarios";

/** Fresh pairs of MCP worker processes per scenario, and rounds per pair. */
const mcpRounds = { pairs: 2, rounds: 21 };

/** The goal for `Toolbox.execute` against the hand-written floor, on every payload. */
const executeGoal = atMost(1.05);

const paths = {
  floor: "hand-written floor (async callback)",
  sync: "hand-written, fully synchronous",
  execute: "Toolbox.execute (defineTool)",
  toolSet: "toolSet(...).call",
  mcp: "toolwright MCP server + SDK Client (in-memory)",
  sdk: "MCP SDK registerTool + Client.callTool (in-memory)",
} as const;
type PathKey = keyof typeof paths;

/** One path of one scenario: its median time per call and its ratios, round by round. */
interface Figure {
  readonly key: PathKey;
  readonly ns: number;
  readonly vsFloor: RatioSpread;
  readonly vsSdk?: RatioSpread;
}

interface Row {
  readonly scenario: Scenario;
  readonly figures: readonly Figure[];
  /** toolwright's MCP server against the MCP SDK's own path, per round. */
  readonly mcpVsSdk: RatioSpread;
}

/** The in-process paths, in `paths` order, each checked to return what the floor returns. */
async function inProcessCandidates(scenario: Scenario): Promise<Candidate[]> {
  const { parameters, returns, execute, executeSync, args } = scenario;
  const floorAsync = async (input: unknown) =>
    returns.parse(await execute(parameters.parse(input) as never));
  const floorSync = (input: unknown) =>
    returns.parse(executeSync(parameters.parse(input) as never));
  const tool = defineTool({
    description: "benchmark tool",
    parameters,
    returns,
    execute: execute as never,
  });
  const box = toolbox("bench", "benchmark toolbox", { bench_tool: tool });
  const set = toolSet(
    [capability({ name: "bench", description: "benchmark capability", toolbox: box })],
    { manuals: false },
  );
  const expected = await floorAsync(args);
  verify(paths.execute, await box.execute("bench_tool", args), expected);
  verify(paths.toolSet, await set.call("bench_tool", args), { ok: true, value: expected });
  return [
    { name: paths.floor, run: () => floorAsync(args) },
    { name: paths.sync, run: () => floorSync(args) },
    { name: paths.execute, run: () => box.execute("bench_tool", args) },
    { name: paths.toolSet, run: () => set.call("bench_tool", args) },
  ];
}

async function measureScenario(scenario: Scenario): Promise<Row> {
  const keys = ["floor", "sync", "execute", "toolSet"] as const;
  const timings = await measure(await inProcessCandidates(scenario));
  const floor = timings[0]?.rounds ?? [];
  const figures: Figure[] = timings.map((timing, index) => ({
    key: keys[index] as PathKey,
    ns: timing.ns,
    vsFloor: ratioSpread(timing.rounds, floor),
  }));
  const mcp = await measureMcp(scenario, mcpRounds);
  const mcpVsSdk = ratioSpread(mcp.toolwright.path, mcp.sdk.path);
  figures.push(
    {
      key: "mcp",
      ns: median(mcp.toolwright.path),
      vsFloor: ratioSpread(mcp.toolwright.path, mcp.toolwright.floor),
      vsSdk: mcpVsSdk,
    },
    {
      key: "sdk",
      ns: median(mcp.sdk.path),
      vsFloor: ratioSpread(mcp.sdk.path, mcp.sdk.floor),
    },
  );
  return { scenario, figures, mcpVsSdk };
}

function scenarioTable({ figures }: Row): string {
  const lines = figures.map((figure) => [
    paths[figure.key],
    formatNs(figure.ns),
    figure.key === "floor" ? "baseline" : formatWithSpread(figure.vsFloor),
    figure.vsSdk ? formatWithSpread(figure.vsSdk) : "",
  ]);
  return table(
    ["path", "median per call", "× floor, per round", "× MCP SDK path, per round"],
    lines,
  );
}

const description = [
  "Each call parses the arguments, runs an async callback and parses the result. The floor is " +
    "`returns.parse(await execute(parameters.parse(args)))` written by hand; the fully synchronous " +
    "row is the same without the `await`. Payloads: tiny, 1 string field in and 1 number field " +
    "out; small, 3 fields in and 2 fields with a 5-item array out; large, a 200-item array of " +
    "4-field objects in and out. Time is the process's CPU time.",
  `In-process paths: ${measureDefaults.rounds} interleaved rounds, each a batch of about ${measureDefaults.batchMs} ms per path. A ratio is taken ` +
    "per round, against the floor's batch of the same round; the table gives the median of those " +
    "ratios, their interquartile range and their extremes.",
  "MCP paths: each server runs in a process of its own (`bench/mcp-worker.ts`), since both share " +
    "the SDK's protocol code; each worker also times the floor, interleaved with its path, so " +
    "its × floor is per round within that process. The parent alternates rounds between the two " +
    "workers, so × MCP SDK path pairs rounds that ran side by side. " +
    `${mcpRounds.pairs} fresh pairs of workers, ${mcpRounds.rounds} rounds each, pooled.`,
].join("\n\n");

/** Runs the boundary benchmark, printing as it goes. */
export async function runBoundary(): Promise<Section> {
  const rows: Row[] = [];
  const parts: string[] = [];
  for (const scenario of scenarios()) {
    const row = await measureScenario(scenario);
    rows.push(row);
    const part = `#### ${scenario.major}, ${scenario.payload} payload\n\n${scenarioTable(row)}`;
    parts.push(part);
    console.log(`\n${part}`);
  }
  return {
    title: "Boundary overhead",
    markdown: [description, ...parts].join("\n\n"),
    summary: rows.flatMap(summarise),
  };
}

function summarise({ scenario, figures, mcpVsSdk }: Row): SummaryRow[] {
  const label = `${scenario.major}, ${scenario.payload}`;
  const get = (key: PathKey) => figures.find((figure) => figure.key === key) as Figure;
  return [
    ratioRow(
      "Boundary",
      `Toolbox.execute / hand-written floor (${label})`,
      get("execute").vsFloor,
      executeGoal,
    ),
    ratioRow("Boundary", `toolSet.call / floor (${label})`, get("toolSet").vsFloor),
    ratioRow("Boundary", `MCP SDK own path / floor (${label})`, get("sdk").vsFloor),
    ratioRow("Boundary", `toolwright MCP server / MCP SDK own path (${label})`, mcpVsSdk),
  ];
}
