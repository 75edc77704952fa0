/**
 * The loads of the reliability suite, each returning what it counted: the tests assert
 * the counts (0 lost, 0 crossed), and `npm run bench -- reliability` prints them.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  type Capability,
  capability,
  defineTool,
  requireScope,
  type ScopeOf,
  SessionScope,
  toolbox,
  toolSet,
} from "toolwright";
import { listenMcpHttp } from "toolwright/mcp";
import { z } from "zod";

/** What one load counted. */
export interface LoadFigures {
  /** Calls made. */
  readonly calls: number;
  /** Calls that came back with the value they were owed. */
  readonly ok: number;
  /** Calls that failed or came back without a value. */
  readonly lost: number;
  /** Calls that came back with something else: another call's argument or scope, or the wrong failure. */
  readonly crossed: number;
}

export const scope = new SessionScope({
  operator: { label: "Operator", schema: z.string().min(1) },
});

/**
 * One tool that echoes its argument and the operator of its bound scope, after waiting
 * a few milliseconds (varied, so that calls overtake each other).
 */
export function echoCapability(): Capability {
  return capability({
    name: "reliability",
    description: "Echoes, late",
    toolbox: toolbox("reliability", "Echoes, late", {
      echo: defineTool({
        description: "Echoes the argument and the scope's operator",
        parameters: z.object({ n: z.number().int() }),
        returns: z.object({ n: z.number(), operator: z.string() }),
        execute: async ({ n }, ctx) => {
          const { operator } = requireScope<ScopeOf<typeof scope>>(ctx);
          await new Promise((resolve) => setTimeout(resolve, n % 4));
          return { n, operator };
        },
      }),
    }),
  });
}

const range = (count: number) => Array.from({ length: count }, (_, n) => n);

/** `count` concurrent `toolSet.call`s, each with its own bound scope. */
export async function concurrentScopedCalls(count: number): Promise<LoadFigures> {
  const set = toolSet([echoCapability()]);
  const outcomes = await Promise.all(
    range(count).map((n) =>
      set.call("echo", { n }, { host: { scope: scope.bind({ operator: `op-${n}` }) } }),
    ),
  );
  let [ok, lost, crossed] = [0, 0, 0];
  outcomes.forEach((outcome, n) => {
    if (!outcome.ok) lost += 1;
    else if (!isEcho(outcome.value, n, `op-${n}`)) crossed += 1;
    else ok += 1;
  });
  return { calls: count, ok, lost, crossed };
}

/**
 * `count` concurrent `tools/call`s through the MCP SDK's own `Client` over Streamable
 * HTTP. Each request's scope is bound from its JSON-RPC id, so a scope seen twice is a
 * crossing, as is an echo of another call's argument.
 */
export async function concurrentHttpCalls(count: number): Promise<LoadFigures> {
  const http = await listenMcpHttp({
    name: "reliability",
    version: "1.0.0",
    tools: [echoCapability()],
    host: ({ requestId }) => ({ scope: scope.bind({ operator: `request-${requestId}` }) }),
  });
  const client = new Client({ name: "reliability", version: "1.0.0" });
  try {
    await client.connect(new StreamableHTTPClientTransport(http.url));
    const results = await Promise.allSettled(
      range(count).map((n) => client.callTool({ name: "echo", arguments: { n } })),
    );
    const operators = new Set<string>();
    let [ok, lost, crossed] = [0, 0, 0];
    results.forEach((result, n) => {
      const value =
        result.status === "fulfilled"
          ? (result.value.structuredContent as { operator?: unknown } | undefined)
          : undefined;
      if (result.status === "rejected" || result.value.isError === true || value === undefined) {
        lost += 1;
      } else if (!isEcho(value, n) || operators.has(String(value.operator))) {
        crossed += 1;
      } else {
        operators.add(String(value.operator));
        ok += 1;
      }
    });
    return { calls: count, ok, lost, crossed };
  } finally {
    await client.close();
    await http.close();
  }
}

function isEcho(value: unknown, n: number, operator?: string): boolean {
  const echoed = value as { n?: unknown; operator?: unknown } | undefined;
  return echoed?.n === n && (operator === undefined || echoed.operator === operator);
}

type Fault = "value" | "throws" | "rejects" | "bad-output" | "hangs";
const faults: readonly Fault[] = ["value", "throws", "rejects", "bad-output", "hangs"];
const expectedKind = {
  throws: "thrown",
  rejects: "thrown",
  "bad-output": "invalid-output",
  hangs: "cancelled",
} as const;

/** A tool that fails in the way its argument asks, throwing hostile values among others. */
function faultyCapability(): Capability {
  const hostile = [Object.create(null), Symbol("s"), undefined, 0, { toString: () => "x" }];
  const faulty = defineTool({
    description: "Fails as asked",
    parameters: z.object({ n: z.number().int(), fault: z.enum(faults) }),
    returns: z.object({ n: z.number() }),
    execute: async ({ n, fault }) => {
      await new Promise((done) => setTimeout(done, n % 3));
      switch (fault) {
        case "throws":
          throw hostile[n % hostile.length];
        case "rejects":
          return Promise.reject(new Error(`fault ${n}`));
        case "bad-output":
          return { n: String(n) } as unknown as { n: number };
        case "hangs":
          return new Promise<never>(() => {});
        default:
          return { n };
      }
    },
  });
  return capability({ name: "f", description: "f", toolbox: toolbox("f", "f", { faulty }) });
}

/**
 * `count` concurrent calls, a fifth of each fault (a value, a hostile throw, a rejection,
 * an output violation, a hang cut off by its signal). `ok` counts the calls that settled
 * as their fault says; a call that settled otherwise is `crossed`; `lost` never happens
 * unless a call rejects.
 */
export async function faultInjectedCalls(count: number): Promise<LoadFigures> {
  const set = toolSet([faultyCapability()]);
  const settled = await Promise.allSettled(
    range(count).map((n) => {
      const fault = faults[n % faults.length] as Fault;
      const ctx = fault === "hangs" ? { signal: AbortSignal.timeout(20) } : undefined;
      return set.call("faulty", { n, fault }, ctx);
    }),
  );
  let [ok, lost, crossed] = [0, 0, 0];
  settled.forEach((result, n) => {
    if (result.status === "rejected") {
      lost += 1;
      return;
    }
    const fault = faults[n % faults.length] as Fault;
    const outcome = result.value;
    const right =
      fault === "value"
        ? outcome.ok && isEcho(outcome.value, n)
        : !outcome.ok && outcome.kind === expectedKind[fault] && typeof outcome.error === "string";
    if (right) ok += 1;
    else crossed += 1;
  });
  return { calls: count, ok, lost, crossed };
}

/**
 * `count` concurrent `tools/call`s over HTTP through the SDK `Client`, the server closed
 * with `graceMs` once every call has started: the even calls finish within the grace
 * period and are owed their value; the odd ones outlast it and are owed an `isError`
 * answer saying the server is shutting down. A call that rejects (a client left waiting
 * until its own timeout, a dropped connection) is lost.
 */
export async function shutdownUnderLoad(count: number, graceMs: number): Promise<LoadFigures> {
  let started = 0;
  let allStarted = (): void => {};
  const everyoneIn = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const slow = defineTool({
    description: "Answers after ms, unless cancelled",
    parameters: z.object({ n: z.number().int(), ms: z.number() }),
    returns: z.object({ n: z.number() }),
    execute: ({ n, ms }, ctx) => {
      started += 1;
      if (started === count) allStarted();
      return new Promise<{ n: number }>((resolve) => {
        const timer = setTimeout(() => resolve({ n }), ms);
        ctx?.signal?.addEventListener("abort", () => clearTimeout(timer));
      });
    },
  });
  const http = await listenMcpHttp({
    name: "shutdown",
    version: "1.0.0",
    tools: [capability({ name: "s", description: "s", toolbox: toolbox("s", "s", { slow }) })],
  });
  const client = new Client({ name: "shutdown", version: "1.0.0" });
  try {
    await client.connect(new StreamableHTTPClientTransport(http.url));
    const calls = range(count).map((n) => {
      const ms = n % 2 === 0 ? graceMs / 4 : 600_000;
      return client.callTool({ name: "slow", arguments: { n, ms } });
    });
    await everyoneIn;
    const closed = http.close({ graceMs });
    const results = await Promise.allSettled(calls);
    await closed;
    let [ok, lost, crossed] = [0, 0, 0];
    results.forEach((result, n) => {
      if (result.status === "rejected") {
        lost += 1;
        return;
      }
      const text = (result.value.content as { text?: string }[])[0]?.text ?? "";
      const right =
        n % 2 === 0
          ? result.value.isError !== true && isEcho(result.value.structuredContent, n)
          : result.value.isError === true && text.includes("shutting down");
      if (right) ok += 1;
      else crossed += 1;
    });
    return { calls: count, ok, lost, crossed };
  } finally {
    await client.close();
    await http.close();
  }
}
