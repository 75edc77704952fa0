/**
 * Every documented "never throws" and "never rejects" path holds under fast-check over
 * hostile values: throwing getters, Proxies whose every trap throws, revoked Proxies,
 * objects whose `toString`, `valueOf`, `toJSON`, `then` or `Symbol.toPrimitive` throw,
 * null-prototype objects, symbols, BigInts, cycles, lone surrogates, long strings, NaN,
 * -0 and Infinity, functions, sparse arrays with throwing elements, and mixes of them. They
 * go in as arguments, thrown values, results, `toModelOutput` output, approval requests
 * and decisions, events and partial values, and as the provider calls each adapter runs.
 *
 * A property draws a plan (plain data fast-check can print and shrink) and builds the
 * hostile value from it afresh for each run, so a counterexample reads as a recipe.
 */
import fc from "fast-check";
import {
  type ApprovalRequest,
  type CallOutcome,
  type ContentPart,
  capability,
  definePlay,
  defineTool,
  isPending,
  type Playbook,
  playbook,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { mcp } from "toolwright/mcp";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callNotifications } from "../../src/adapters/mcp/call-notifications";
import { progressBridge } from "../../src/adapters/mcp/progress";

// ---------------------------------------------------------------------------------------
// Hostile values, as plans

/** A hostile value that is one thing, built fresh. */
const SPECIALS = [
  "NaN",
  "-0",
  "Infinity",
  "-Infinity",
  "symbol",
  "function",
  "throwing function",
  "lone surrogates",
  "long string",
  "trap proxy",
  "trap proxy array",
  "trap proxy function",
  "revoked proxy",
  "revoked proxy array",
  "lying array length",
  "error whose message throws",
  "error whose name and stack throw",
  "flipping getter",
  "frozen null-prototype",
] as const;

/** A method that throws on an object that otherwise looks ordinary. */
const METHODS = ["toString", "valueOf", "toJSON", "then", "toPrimitive", "constructor"] as const;

/** Keys the paths under test read, so that a throwing getter lands where it is read. */
const KEYS = [
  "value",
  "amount",
  "approved",
  "reason",
  "cause",
  "id",
  "tool",
  "args",
  "hash",
  "requestedAt",
  "name",
  "input",
  "arguments",
  "function",
  "call_id",
  "toolName",
  "toolCallId",
  "type",
  "text",
  "data",
  "mediaType",
  "uri",
  "message",
  "progress",
  "total",
  "signal",
  "host",
  "emit",
  "onPartial",
  "length",
  "__proto__",
  "then",
] as const;

type Key = (typeof KEYS)[number];
type Entry = readonly [Key, Plan];

type Plan =
  | { readonly k: "plain"; readonly v: unknown }
  | { readonly k: "special"; readonly v: (typeof SPECIALS)[number] }
  | { readonly k: "throwsOn"; readonly method: (typeof METHODS)[number]; readonly entries: Entry[] }
  | { readonly k: "getter"; readonly key: Key; readonly entries: Entry[] }
  | { readonly k: "object"; readonly nullProto: boolean; readonly entries: Entry[] }
  | {
      readonly k: "array";
      readonly items: Plan[];
      readonly holes: number[];
      readonly throwingAt: number | null;
    }
  | { readonly k: "cycle"; readonly key: Key; readonly entries: Entry[] };

const plans = fc.letrec<{ plan: Plan; entries: Entry[] }>((tie) => ({
  plan: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({
      k: fc.constant("plain" as const),
      v: fc.anything({
        withNullPrototype: true,
        withBigInt: true,
        withSparseArray: true,
        withBoxedValues: true,
        withMap: true,
        withSet: true,
        withDate: true,
        withTypedArray: true,
        withObjectString: true,
        withUnicodeString: true,
        maxDepth: 2,
      }),
    }),
    fc.record({ k: fc.constant("plain" as const), v: fc.string({ unit: "binary" }) }),
    // Not the lying length: JSON.stringify walks 2^32 elements of it, which hangs rather
    // than throws (kept as a plain case below, as a name).
    fc.record({
      k: fc.constant("special" as const),
      v: fc.constantFrom(...SPECIALS.filter((name) => name !== "lying array length")),
    }),
    fc.record({
      k: fc.constant("throwsOn" as const),
      method: fc.constantFrom(...METHODS),
      entries: tie("entries") as fc.Arbitrary<Entry[]>,
    }),
    fc.record({
      k: fc.constant("getter" as const),
      key: fc.constantFrom(...KEYS),
      entries: tie("entries") as fc.Arbitrary<Entry[]>,
    }),
    fc.record({
      k: fc.constant("object" as const),
      nullProto: fc.boolean(),
      entries: tie("entries") as fc.Arbitrary<Entry[]>,
    }),
    fc.record({
      k: fc.constant("array" as const),
      items: fc.array(tie("plan") as fc.Arbitrary<Plan>, { maxLength: 4 }),
      holes: fc.array(fc.nat({ max: 5 }), { maxLength: 2 }),
      throwingAt: fc.option(fc.nat({ max: 4 })),
    }),
    fc.record({
      k: fc.constant("cycle" as const),
      key: fc.constantFrom(...KEYS),
      entries: tie("entries") as fc.Arbitrary<Entry[]>,
    }),
  ),
  entries: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie("plan") as fc.Arbitrary<Plan>), {
    maxLength: 3,
  }),
}));

/** The hostile values, as plans: build each with {@link build}. */
const hostile = plans.plan;

function thrower(what: string): () => never {
  return () => {
    throw new Error(`hostile ${what}`);
  };
}

/** A Proxy over `target` whose every trap throws. */
function trapProxy<T extends object>(target: T): T {
  const traps: ProxyHandler<T> = {};
  for (const trap of [
    "get",
    "set",
    "has",
    "ownKeys",
    "getOwnPropertyDescriptor",
    "defineProperty",
    "deleteProperty",
    "getPrototypeOf",
    "setPrototypeOf",
    "isExtensible",
    "preventExtensions",
    "apply",
    "construct",
  ] as const) {
    traps[trap] = thrower(`${trap} trap`);
  }
  return new Proxy(target, traps);
}

function revoked<T extends object>(target: T): T {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

function define(target: object, entries: readonly Entry[]): object {
  for (const [key, plan] of entries) {
    Object.defineProperty(target, key, {
      value: build(plan),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return target;
}

function special(name: (typeof SPECIALS)[number]): unknown {
  switch (name) {
    case "NaN":
      return Number.NaN;
    case "-0":
      return -0;
    case "Infinity":
      return Number.POSITIVE_INFINITY;
    case "-Infinity":
      return Number.NEGATIVE_INFINITY;
    case "symbol":
      return Symbol("hostile");
    case "function":
      return () => "a function";
    case "throwing function":
      return thrower("function call");
    case "lone surrogates":
      return "a\uD800b\uDFFFc\uDBFF";
    case "long string":
      return "x\uD83D".repeat(50_000);
    case "trap proxy":
      return trapProxy({});
    case "trap proxy array":
      return trapProxy([]);
    case "trap proxy function":
      return trapProxy(() => {});
    case "revoked proxy":
      return revoked({});
    case "revoked proxy array":
      return revoked([]);
    case "lying array length":
      return new Proxy([1], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : Reflect.get(t, k)) });
    case "error whose message throws":
      return Object.defineProperty(new Error("hidden"), "message", { get: thrower("message") });
    case "error whose name and stack throw":
      // The stack first: V8 formats a pending stack, reading the name, when it is replaced.
      return Object.defineProperty(
        Object.defineProperty(new Error("hidden"), "stack", { get: thrower("stack") }),
        "name",
        { get: thrower("name") },
      );
    case "flipping getter":
      return flipping();
    case "frozen null-prototype":
      return Object.freeze(Object.assign(Object.create(null), { value: 1, type: "text" }));
  }
}

// Every key reads as something else on each read: a check and a use disagree.
function flipping(): object {
  let reads = 0;
  const flip = () => {
    reads += 1;
    return reads % 2 === 0 ? { approved: true, type: "text", text: "t" } : Symbol("flip");
  };
  return new Proxy({}, { get: flip, has: () => true });
}

/** The hostile value `plan` describes, built fresh. */
function build(plan: Plan): unknown {
  switch (plan.k) {
    case "plain":
      return plan.v;
    case "special":
      return special(plan.v);
    case "throwsOn": {
      const target = define({}, plan.entries);
      const key = plan.method === "toPrimitive" ? Symbol.toPrimitive : plan.method;
      Object.defineProperty(target, key, { value: thrower(plan.method), enumerable: false });
      return target;
    }
    case "getter":
      return Object.defineProperty(define({}, plan.entries), plan.key, {
        get: thrower(`${plan.key} getter`),
        enumerable: true,
      });
    case "object":
      return define(plan.nullProto ? Object.create(null) : {}, plan.entries);
    case "array": {
      const items = plan.items.map(build);
      for (const hole of plan.holes) delete items[hole];
      if (plan.throwingAt !== null) {
        Object.defineProperty(items, plan.throwingAt, {
          get: thrower("element"),
          enumerable: true,
        });
      }
      return items;
    }
    case "cycle": {
      const target = define({}, plan.entries) as Record<string, unknown>;
      Object.defineProperty(target, plan.key, { value: target, enumerable: true });
      return target;
    }
  }
}

// ---------------------------------------------------------------------------------------
// The set under test

/** What the tools return, throw, emit and yield in the current run. */
let current: unknown;

const toolsOf = () =>
  toolbox("t", "Tools", {
    echo: defineTool({
      description: "Returns its arguments",
      parameters: z.object({ value: z.unknown() }).passthrough(),
      execute: (args) => args,
    }),
    returns: defineTool({
      description: "Returns the hostile value",
      parameters: z.object({}),
      execute: () => current as never,
    }),
    throws: defineTool({
      description: "Throws the hostile value",
      parameters: z.object({}),
      execute: () => {
        throw current;
      },
    }),
    shown: defineTool({
      description: "Shows the hostile value",
      parameters: z.object({}),
      execute: () => current as never,
      toModelOutput: (() => current) as never,
    }),
    emits: defineTool({
      description: "Emits the hostile value and yields it",
      parameters: z.object({}),
      execute: async function* (_args, ctx) {
        ctx?.emit?.(current as never);
        yield current;
        return current;
      },
    }),
    pay: defineTool({
      description: "Pays, with approval",
      parameters: z.object({ amount: z.number() }),
      controls: { needsApproval: true },
      execute: (args) => ({ paid: args.amount }),
    }),
  });

const playsOf = () =>
  playbook("p", "Plays", {
    play_returns: definePlay({
      description: "Returns the hostile value",
      parameters: z.object({}),
      returns: z.unknown(),
      execute: () => current as never,
    }),
    play_throws: definePlay({
      description: "Throws the hostile value",
      parameters: z.object({}),
      returns: z.unknown(),
      execute: () => {
        throw current;
      },
    }),
  });

const NAMES = [
  "echo",
  "returns",
  "throws",
  "shown",
  "emits",
  "pay",
  "play_returns",
  "play_throws",
  "list_t_sections",
  "nope",
] as const;

const sets = [
  toolSet([
    capability({ name: "t", description: "Tools", toolbox: toolsOf(), playbook: playsOf() }),
  ]),
  toolSet(
    [capability({ name: "t", description: "Tools", toolbox: toolsOf(), playbook: playsOf() })],
    {
      outputBudget: 500,
      deferLoading: true,
      controls: { strictInputs: true },
      recorder: thrower("recorder"),
    },
  ),
] as unknown as ToolSet[];

/** A name: one the set has, one it has not, or a hostile value. */
const names = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<Plan | string>(...NAMES) },
  { weight: 1, arbitrary: hostile },
);

function nameOf(drawn: Plan | string): unknown {
  return typeof drawn === "string" ? drawn : build(drawn);
}

// ---------------------------------------------------------------------------------------
// What "settles" means

/** `run()`'s promise, awaited; a synchronous throw or a rejection fails the property. */
async function settled<T>(what: string, run: () => Promise<T>): Promise<T> {
  let promise: Promise<T>;
  try {
    promise = run();
  } catch (error) {
    throw new Error(`${what} threw synchronously: ${String(error)}`);
  }
  try {
    return await promise;
  } catch (error) {
    throw new Error(`${what} rejected: ${safeText(error)}`);
  }
}

function safeText(value: unknown): string {
  try {
    return value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  } catch {
    return "(unreadable)";
  }
}

const KINDS = new Set([
  "unknown-name",
  "invalid-arguments",
  "invalid-output",
  "unserialisable",
  "thrown",
  "cancelled",
  "timeout",
  "approval-required",
  "denied",
]);

/** An outcome of the documented shape: a value, or a failure with a kind and a text. */
function expectOutcome(outcome: CallOutcome): void {
  expect(typeof outcome).toBe("object");
  if (outcome.ok) {
    expect(Object.hasOwn(outcome, "value")).toBe(true);
    return;
  }
  expect(outcome.ok).toBe(false);
  expect(KINDS.has(outcome.kind)).toBe(true);
  expect(typeof outcome.error).toBe("string");
}

const PART_TYPES = new Set(["text", "image", "audio", "resource-link", "resource"]);

function expectParts(parts: readonly ContentPart[]): void {
  expect(Array.isArray(parts)).toBe(true);
  for (const part of parts) {
    expect(Object.getPrototypeOf(part)).toBe(Object.prototype);
    expect(PART_TYPES.has(part.type)).toBe(true);
    for (const field of Object.values(part)) expect(typeof field).toBe("string");
  }
  expect(() => JSON.stringify(parts)).not.toThrow();
}

const RUNS = { numRuns: 150 } as const;

// ---------------------------------------------------------------------------------------
// The set

describe("toolSet.call never rejects", () => {
  it("any name, any arguments, any value returned or thrown", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sets),
        names,
        hostile,
        hostile,
        async (set, name, args, value) => {
          current = build(value);
          const outcome = await settled("set.call", () =>
            set.call(nameOf(name) as string, build(args)),
          );
          expectOutcome(outcome);
        },
      ),
      RUNS,
    );
  });

  it("a hostile value a tool returns, throws, shows or yields: a readable outcome", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sets),
        fc.constantFrom("returns", "throws", "shown", "emits", "play_returns", "play_throws"),
        hostile,
        async (set, name, value) => {
          current = build(value);
          const outcome = await settled("set.call", () =>
            set.call(name, {}, { emit: () => {}, onPartial: thrower("onPartial") }),
          );
          expectOutcome(outcome);
          if (name.endsWith("throws")) expect(outcome.ok).toBe(false);
        },
      ),
      RUNS,
    );
  });

  // Found by the property above on a rare seed: `String` of a thrown array joins its
  // `length`, which a Proxy claims is 2^32, and the call never settled.
  it("a thrown array that claims 2^32 elements, alone or as an error's message, fails readably", async () => {
    const lying = () =>
      new Proxy([1], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : Reflect.get(t, k)) });
    const asMessage = () => Object.assign(new Error("hidden"), { message: lying() });
    for (const make of [lying, asMessage]) {
      for (const set of sets) {
        for (const name of ["throws", "play_throws"]) {
          current = make();
          const outcome = await settled("set.call", () => set.call(name, {}));
          expectOutcome(outcome);
          expect(outcome).toMatchObject({ ok: false });
          if (!outcome.ok) expect(outcome.error).toContain("an array of length 4294967295");
        }
      }
    }
  });

  it("a hostile context", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...sets), hostile, async (set, ctx) => {
        current = 1;
        const outcome = await settled("set.call", () => set.call("emits", {}, build(ctx) as never));
        expectOutcome(outcome);
      }),
      RUNS,
    );
  });
});

describe("toolSet.resume never rejects", () => {
  async function pending(set: ToolSet): Promise<ApprovalRequest> {
    const outcome = await set.call("pay", { amount: 5 });
    if (!isPending(outcome)) throw new Error("expected a pending call");
    return outcome.approval;
  }

  /** A request: the genuine one, it with a field made hostile, or a hostile value. */
  const requests = fc.oneof(
    fc.constant("genuine" as const),
    fc.record({ key: fc.constantFrom("id", "tool", "args", "requestedAt", "hash"), plan: hostile }),
    hostile,
  );

  it("any request, any decision, any reason", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sets),
        requests,
        fc.oneof(
          hostile,
          fc.record({ approved: fc.constant(false), reason: hostile, cause: hostile }),
          fc.record({ approved: fc.constant(true), extra: hostile }),
        ),
        async (set, drawn, decision) => {
          const genuine = await pending(set);
          const request =
            drawn === "genuine"
              ? genuine
              : "plan" in drawn
                ? { ...genuine, [drawn.key]: build(drawn.plan) }
                : build(drawn as Plan);
          const built = "k" in decision ? build(decision) : builtDecision(decision);
          const outcome = await settled("set.resume", () =>
            set.resume(request as ApprovalRequest, built as never),
          );
          expectOutcome(outcome);
          expect(outcome.ok === false && outcome.kind === "approval-required").toBe(false);
        },
      ),
      RUNS,
    );
  });
});

function builtDecision(decision: Record<string, unknown>): object {
  const built: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(decision)) {
    built[key] = typeof value === "boolean" ? value : build(value as Plan);
  }
  return built;
}

describe("toolSet.content never throws", () => {
  it("any name, any value, any toModelOutput result: plain parts", () => {
    fc.assert(
      fc.property(fc.constantFrom(...sets), names, hostile, hostile, (set, name, value, shown) => {
        current = build(shown);
        let parts: ContentPart[] = [];
        expect(() => {
          parts = set.content(nameOf(name) as string, build(value));
        }).not.toThrow();
        expectParts(parts);
        expect(() => {
          parts = set.content("shown", build(value));
        }).not.toThrow();
        expectParts(parts);
      }),
      RUNS,
    );
  });
});

describe("Playbook.execute never rejects", () => {
  it("any name, any arguments, any value returned or thrown: JSON or { error }", async () => {
    const book = playsOf() as unknown as Playbook;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom<Plan | string>("play_returns", "play_throws", "nope"), hostile),
        hostile,
        hostile,
        async (name, args, value) => {
          current = build(value);
          const result = await settled("Playbook.execute", () =>
            book.execute(nameOf(name) as string, build(args)),
          );
          expect(() => JSON.stringify(result)).not.toThrow();
          if (typeof result === "object" && result !== null && "error" in result) {
            expect(typeof result.error).toBe("string");
          }
        },
      ),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------
// The adapters

/** One adapter: its call built from a name, arguments and an id, and its result's shape. */
interface Runner {
  readonly name: string;
  call(name: unknown, args: unknown, id: unknown): unknown;
  run(set: ToolSet, call: unknown, options: object): Promise<unknown>;
  shaped(result: unknown): boolean;
}

const has = (result: unknown, key: string, value?: unknown): boolean =>
  typeof result === "object" &&
  result !== null &&
  key in result &&
  (value === undefined || (result as Record<string, unknown>)[key] === value);

const runners: Runner[] = [
  {
    name: "anthropic",
    call: (name, input, id) => ({ type: "tool_use", id, name, input }),
    run: (set, call, options) => anthropic.run(set, call as never, options),
    shaped: (result) => has(result, "type", "tool_result") && has(result, "content"),
  },
  {
    name: "chatCompletions",
    call: (name, args, id) => ({ id, type: "function", function: { name, arguments: args } }),
    run: (set, call, options) => chatCompletions.run(set, call as never, options),
    shaped: (result) => has(result, "role", "tool") && has(result, "content"),
  },
  {
    name: "responses",
    call: (name, args, id) => ({ type: "function_call", call_id: id, name, arguments: args }),
    run: (set, call, options) => responses.run(set, call as never, options),
    shaped: (result) => has(result, "type", "function_call_output") && has(result, "output"),
  },
  {
    name: "gemini",
    call: (name, args, id) => ({ id, name, args }),
    run: (set, call, options) => gemini.run(set, call as never, options),
    shaped: (result) => has(result, "response"),
  },
  {
    name: "aiSdk",
    call: (name, input, id) => ({ type: "tool-call", toolCallId: id, toolName: name, input }),
    run: (set, call, options) => aiSdk.run(set, call as never, options),
    shaped: (result) => has(result, "type") && has(result, "value"),
  },
  {
    name: "mcp",
    call: (name, args) => ({ name, arguments: args }),
    run: (set, call, options) => mcp.run(set, call as never, options),
    shaped: (result) =>
      has(result, "content") && Array.isArray((result as { content: unknown }).content),
  },
];

/** An OpenAI call's arguments: JSON text (of a hostile value when it can be), or the value. */
const argumentsText = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.json(),
  fc.constantFrom('{"value":', '{"amount":5}', '{"amount":null}', "null", "[]", "  ", '"x"'),
);

/** How the host answers a call that needs approval. */
const approvals = fc.oneof(
  fc.constant("none" as const),
  fc.record({ answers: fc.constantFrom("returns", "throws", "rejects"), plan: hostile }),
);

function optionsOf(
  approval: "none" | { answers: string; plan: Plan },
  strict: false | true | "auto",
): object {
  const base = { strict, ctx: { emit: thrower("emit") } };
  if (approval === "none") return base;
  const { answers, plan } = approval;
  const approve = () => {
    const value = build(plan);
    if (answers === "throws") throw value;
    return answers === "rejects" ? Promise.reject(value) : value;
  };
  return { ...base, approve };
}

describe("every adapter's run never rejects", () => {
  it.each(runners)("$name: any payload, any answer to approval: a JSON result", async (runner) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sets),
        fc.constantFrom(...NAMES),
        fc.oneof(hostile, argumentsText),
        hostile,
        approvals,
        fc.constantFrom(false, true, "auto" as const),
        async (set, name, args, value, approval, strict) => {
          current = build(value);
          const call = runner.call(name, typeof args === "string" ? args : build(args), "c1");
          const result = await settled(`${runner.name}.run`, () =>
            runner.run(set, call, optionsOf(approval, strict)),
          );
          expect(runner.shaped(result)).toBe(true);
          expect(() => JSON.stringify(result)).not.toThrow();
        },
      ),
      RUNS,
    );
  });

  // The call is the provider's object, so `encode` can read the id it answers; what the
  // call is made of (its name, arguments and id) may be anything, or a getter that throws.
  it.each(runners)("$name: a hostile name, id or field getter: it settles", async (runner) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sets),
        names,
        fc.oneof(fc.constant<Plan | string>("c1"), hostile),
        hostile,
        fc.option(fc.constantFrom(...DECODED)),
        async (set, name, id, args, getter) => {
          current = 1;
          const call = runner.call(nameOf(name), build(args), nameOf(id));
          // Gemini's and MCP's results echo the call's name as others echo its id: read again.
          const echoed = getter === "name" && (runner.name === "gemini" || runner.name === "mcp");
          const unreadable = getter !== null && !echoed && throwingField(call, getter);
          const result = await settled(`${runner.name}.run`, () => runner.run(set, call, {}));
          // Only then is the result free of hostile values (an id claiming 2^32 elements).
          const plain = id === "c1" && typeof name === "string";
          if (unreadable && plain && runner.shaped(result)) {
            expect(JSON.stringify(result)).toContain("could not be read");
          }
        },
      ),
      RUNS,
    );
  });
});

/** The fields an adapter's `decode` reads. */
const DECODED = ["name", "input", "arguments", "args", "function", "toolName"] as const;

/** `call`'s `key` (or its `function`'s) made a getter that throws, when it has one. */
function throwingField(call: unknown, key: string): boolean {
  const inner = (call as { function?: object }).function;
  const holder = inner !== undefined && key !== "function" ? inner : call;
  if (typeof holder !== "object" || holder === null || !(key in holder)) return false;
  Object.defineProperty(holder, key, { get: thrower(`${key} getter`) });
  return true;
}

// ---------------------------------------------------------------------------------------
// MCP progress

describe("the MCP progress sender never throws", () => {
  it("any event, any partial value: sent as JSON, and delivered() settles", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom("emit", "partial"), hostile), { maxLength: 4 }),
        fc.boolean(),
        async (sends, failing) => {
          const sent: unknown[] = [];
          const extra = {
            sendNotification: (notification: unknown) => {
              sent.push(notification);
              return failing ? Promise.reject(new Error("closed")) : Promise.resolve();
            },
          };
          const bridge = progressBridge("token", callNotifications(extra as never));
          for (const [how, plan] of sends) {
            const value = build(plan);
            expect(() => {
              if (how === "emit") bridge.emit(value as never);
              else bridge.partial(value);
            }).not.toThrow();
          }
          await settled("delivered", () => bridge.delivered());
          for (const notification of sent) {
            expect(() => JSON.stringify(notification)).not.toThrow();
            const { params } = notification as { params: { message?: unknown; progress: unknown } };
            expect(typeof params.progress).toBe("number");
            if (params.message !== undefined) expect(typeof params.message).toBe("string");
          }
        },
      ),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------
// The counterexamples these properties found, kept as plain cases

describe("regressions", () => {
  const set = sets[0] as ToolSet;

  it("a tool returning a Proxy whose getPrototypeOf throws: set.call resolves", async () => {
    current = trapProxy([]);
    expectOutcome(await settled("set.call", () => set.call("returns", {})));
    await settled("anthropic.run", () =>
      anthropic.run(set, { id: "c1", name: "returns", input: {} }),
    );
  });

  it("a name that is not a string: an unknown name, named as text", async () => {
    const names: unknown[] = [
      Symbol("s"),
      Object.create(null),
      build({ k: "array", items: [], holes: [], throwingAt: 0 }),
      special("lying array length"),
    ];
    for (const name of names) {
      const outcome = await settled("set.call", () => set.call(name as string, {}));
      expect(outcome).toMatchObject({ ok: false, kind: "unknown-name" });
      const envelope = await settled("Playbook.execute", () =>
        (playsOf() as unknown as Playbook).execute(name as string, {}),
      );
      expect(typeof (envelope as { error: unknown }).error).toBe("string");
    }
  });

  it("a context that is a Proxy whose every trap throws: set.call resolves", async () => {
    expectOutcome(await settled("set.call", () => set.call("echo", { value: 1 }, trapProxy({}))));
  });

  it("a tool call whose input getter throws: the adapter answers it", async () => {
    const use = Object.defineProperty({ id: "c1", name: "echo" }, "input", {
      get: thrower("input"),
    });
    const result = await settled("anthropic.run", () => anthropic.run(set, use as never));
    expect(result).toMatchObject({ is_error: true });
    expect(JSON.stringify(result)).toContain("the tool call could not be read");
  });

  it("an event whose type is not text, or whose progress is Infinity: JSON progress", async () => {
    const sent: { params: Record<string, unknown> }[] = [];
    const bridge = progressBridge(
      "token",
      callNotifications({
        sendNotification: async (notification) => {
          sent.push(notification as never);
        },
      }),
    );
    bridge.emit({ type: Symbol("t") as never });
    bridge.emit({ type: "progress", progress: Number.POSITIVE_INFINITY });
    bridge.emit(flipping() as never);
    await bridge.delivered();
    expect(sent.map(({ params }) => [params.progress, typeof params.message])).toEqual([
      [1, "undefined"],
      [2, "string"],
      [3, "undefined"],
    ]);
  });
});
