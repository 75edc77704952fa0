/**
 * `toolSet.resume` never throws and never rejects: whatever decision or request it is
 * handed (a hostile reason, a throwing Proxy, a getter that throws), it settles, and a
 * call runs only on a genuine request with `{ approved: true }`. And a `needsApproval`
 * check that never settles does not hold its call past its signal, its `timeoutMs`, or
 * the check's own limit.
 */
import fc from "fast-check";
import {
  type ApprovalRequest,
  type CallOutcome,
  capability,
  defineTool,
  isPending,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type Z, zods } from "../set/fixtures";

function throwingProxy(): object {
  return new Proxy(
    {},
    {
      get() {
        throw new Error("get trap");
      },
      has() {
        throw new Error("has trap");
      },
      ownKeys() {
        throw new Error("ownKeys trap");
      },
      getPrototypeOf() {
        throw new Error("getPrototypeOf trap");
      },
    },
  );
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** `base`'s keys, and `key` a getter that throws. */
function throwingGetter(key: string, base: object = {}): object {
  return Object.defineProperty({ ...base }, key, {
    enumerable: true,
    get() {
      throw new Error(`${key} getter`);
    },
  });
}

const throwingToString = {
  toString() {
    throw new Error("toString");
  },
};

/** Decisions that break naive handling, each named. */
const hostileDecisions: [string, unknown][] = [
  ["a null-prototype reason", { approved: false, reason: Object.create(null) }],
  ["a Symbol reason", { approved: false, reason: Symbol("why") }],
  ["a reason whose toString throws", { approved: false, reason: throwingToString }],
  ["a throwing Proxy", throwingProxy()],
  ["a revoked Proxy", revoked()],
  ["an approved getter that throws", throwingGetter("approved")],
  ["a reason getter that throws", throwingGetter("reason", { approved: false })],
  ["a cause getter that throws", throwingGetter("cause", { approved: false })],
  ["an approved that flips on each read", flipping()],
];

function flipping(): object {
  let reads = 0;
  return {
    get approved() {
      reads += 1;
      return reads % 2 === 0;
    },
  };
}

function gatedSet() {
  const runs: unknown[] = [];
  const tools = toolbox("t", "Tools", {
    pay: defineTool({
      description: "Pay",
      parameters: z.object({ amount: z.number() }),
      controls: { needsApproval: true },
      execute: (args) => {
        runs.push(args);
        return { paid: args.amount };
      },
    }),
  });
  const set = toolSet([capability({ name: "t", description: "Tools", toolbox: tools })]);
  return { set: set as unknown as ToolSet, runs };
}

async function pendingRequest(set: ToolSet): Promise<ApprovalRequest> {
  const outcome = await set.call("pay", { amount: 5 });
  if (!isPending(outcome)) throw new Error(`expected pending, got ${JSON.stringify(outcome)}`);
  return outcome.approval;
}

/** `resume` called as a host would, failing the test if it throws synchronously. */
function resumed(set: ToolSet, request: unknown, decision: unknown): Promise<CallOutcome> {
  let promise: Promise<CallOutcome> | undefined;
  expect(() => {
    promise = set.resume(request as ApprovalRequest, decision as never);
  }).not.toThrow();
  return promise as Promise<CallOutcome>;
}

function expectDenied(outcome: CallOutcome): void {
  expect(outcome.ok).toBe(false);
  expect(outcome).toMatchObject({ kind: "denied" });
  expect(typeof (outcome as { error: unknown }).error).toBe("string");
}

describe("resume settles whatever decision it is handed", () => {
  it.each(hostileDecisions)("%s: denied, nothing run", async (_, decision) => {
    const { set, runs } = gatedSet();
    const request = await pendingRequest(set);
    expectDenied(await resumed(set, request, decision));
    expect(runs).toEqual([]);
  });

  it("any value as the decision: it runs only on { approved: true }", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.anything({ withNullPrototype: true, withBigInt: true }),
        async (value) => {
          const { set, runs } = gatedSet();
          const request = await pendingRequest(set);
          const outcome = await resumed(set, request, value);
          const approved =
            typeof value === "object" &&
            value !== null &&
            (value as { approved?: unknown }).approved === true;
          expect(outcome.ok).toBe(approved);
          expect(runs.length).toBe(approved ? 1 : 0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a denial's reason reaches the model only when it is text", async () => {
    const { set } = gatedSet();
    const spoken = await resumed(set, await pendingRequest(set), {
      approved: false,
      reason: "too much",
    });
    expect(spoken.ok ? "" : spoken.error).toContain(": too much;");
    const unspoken = await resumed(set, await pendingRequest(set), {
      approved: false,
      reason: Symbol("why"),
    });
    expect(unspoken.ok ? "" : unspoken.error).toMatch(
      /^the user denied the call to tool 'pay'; do not/,
    );
  });
});

describe("resume settles whatever request it is handed", () => {
  const hostileRequests: [string, (request: ApprovalRequest) => unknown][] = [
    ["a throwing Proxy", () => throwingProxy()],
    ["a revoked Proxy", () => revoked()],
    ["a tool getter that throws", (request) => throwingGetter("tool", request)],
    ["arguments with a throwing getter", (request) => throwingGetter("args", request)],
    [
      "an argument getter that throws",
      (request) => ({ ...request, args: throwingGetter("amount") }),
    ],
    ["arguments that are a throwing Proxy", (request) => ({ ...request, args: throwingProxy() })],
    ["arguments holding a BigInt", (request) => ({ ...request, args: { amount: 5n } })],
  ];

  it.each(hostileRequests)("%s: denied, nothing run", async (_, make) => {
    const { set, runs } = gatedSet();
    const request = make(await pendingRequest(set));
    expectDenied(await resumed(set, request, { approved: true }));
    expect(runs).toEqual([]);
  });

  it("any value as the request: denied, nothing run", async () => {
    const { set, runs } = gatedSet();
    await fc.assert(
      fc.asyncProperty(
        fc.anything({ withNullPrototype: true, withBigInt: true }),
        async (value) => {
          expectDenied(await resumed(set, value, { approved: true }));
        },
      ),
      { numRuns: 200 },
    );
    expect(runs).toEqual([]);
  });

  it("a recorder sees a hostile request as denied, and resume still settles", async () => {
    const records: unknown[] = [];
    const tools = toolbox("t", "Tools", {
      pay: defineTool({
        description: "Pay",
        parameters: z.object({ amount: z.number() }),
        controls: { needsApproval: true },
        execute: () => ({}),
      }),
    });
    const set = toolSet([capability({ name: "t", description: "Tools", toolbox: tools })], {
      recorder: (record) => records.push(record.outcome.ok),
    }) as unknown as ToolSet;
    expectDenied(await resumed(set, throwingProxy(), throwingProxy()));
    expect(records).toEqual([false]);
  });
});

describe("a needsApproval check that never settles", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function stuckSet(timeoutMs?: number) {
    const tools = toolbox("t", "Tools", {
      pay: defineTool({
        description: "Pay",
        parameters: z.object({ amount: z.number() }),
        controls: {
          needsApproval: () => new Promise<boolean>(() => {}),
          ...(timeoutMs !== undefined && { timeoutMs }),
        },
        execute: () => ({ paid: true }),
      }),
    });
    return toolSet([
      capability({ name: "t", description: "Tools", toolbox: tools }),
    ]) as unknown as ToolSet;
  }

  it("settles as cancelled when the call's signal aborts", async () => {
    const controller = new AbortController();
    const outcome = stuckSet().call("pay", { amount: 5 }, { signal: controller.signal });
    controller.abort(new Error("the user left"));
    expect(await outcome).toMatchObject({ ok: false, kind: "cancelled" });
  });

  it("settles as a timeout under the call's timeoutMs", async () => {
    expect(await stuckSet(20).call("pay", { amount: 5 })).toMatchObject({
      ok: false,
      kind: "timeout",
    });
  });

  it("fails, closed, after the check's own limit when the call has none", async () => {
    vi.useFakeTimers();
    const outcome = stuckSet().call("pay", { amount: 5 });
    await vi.advanceTimersByTimeAsync(30_000);
    const settled = await outcome;
    expect(settled).toMatchObject({ ok: false, kind: "thrown" });
    expect(settled.ok ? "" : settled.error).toBe(
      "tool 'pay' has not run: its needsApproval check did not settle within 30000 ms",
    );
  });
});

/** A set with one gated tool on `parameters`, recording what each run received. */
function gatedOn(parameters: unknown) {
  const runs: unknown[] = [];
  const tools = toolbox("t", "Tools", {
    schedule: defineTool({
      description: "Schedule",
      parameters: parameters as never,
      controls: { needsApproval: true },
      execute: (args: unknown) => {
        runs.push(args);
        return "ok";
      },
    }),
  });
  const set = toolSet([capability({ name: "t", description: "Tools", toolbox: tools })]);
  return { set: set as unknown as ToolSet, runs };
}

describe.each(zods)("a gated call whose arguments JSON cannot carry (%s)", (_line, z: Z) => {
  const unstorable = [
    ["a z.date()", z.object({ at: z.date() }), { at: new Date("2026-12-03T00:00:00Z") }],
    ["a z.map()", z.object({ m: z.map(z.string(), z.number()) }), { m: new Map([["a", 1]]) }],
    ["a z.set()", z.object({ s: z.set(z.string()) }), { s: new Set(["a"]) }],
    ["a z.bigint()", z.object({ n: z.bigint() }), { n: 5n }],
    [
      "a transform the schema does not accept again",
      z.object({ tag: z.string().transform((tag) => `#${tag}`) }),
      { tag: "urgent" },
    ],
  ] as const;

  it.each(unstorable)(
    "%s fails at once, by name, instead of a request that cannot resume",
    async (_, parameters, args) => {
      const { set, runs } = gatedOn(parameters);
      const outcome = await set.call("schedule", args);
      expect(outcome).toMatchObject({ ok: false, kind: "thrown" });
      expect(outcome.ok ? "" : outcome.error).toMatch(
        /^tool 'schedule' needs approval, but its arguments cannot be stored for it: /,
      );
      expect(runs).toEqual([]);
    },
  );

  it("a z.coerce.date() round-trips: approved, the tool receives the Date", async () => {
    const { set, runs } = gatedOn(z.object({ at: z.coerce.date() }));
    const at = new Date("2026-12-03T00:00:00Z");
    const outcome = await set.call("schedule", { at });
    if (!isPending(outcome)) throw new Error(`expected pending, got ${JSON.stringify(outcome)}`);
    const request = JSON.parse(JSON.stringify(outcome.approval)) as ApprovalRequest;
    expect(await set.resume(request, { approved: true })).toMatchObject({ ok: true, value: "ok" });
    expect(runs).toEqual([{ at }]);
  });
});
