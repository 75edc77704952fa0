/**
 * The tools the boundary benchmark calls: a tiny, a small and a large payload, in both
 * Zod majors, with the arguments they are called with and a check of what comes back.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import type { AnySchema } from "toolwright";
import { z as z4 } from "zod";
import { z as z3 } from "zod/v3";

export type Major = "zod 4" | "zod/v3";
export type Payload = "tiny" | "small" | "large";

export type ParseSchema = AnySchema & { parse(value: unknown): unknown };

/** One scenario: a tool's schemas, its callback, and the arguments it is called with. */
export interface Scenario {
  readonly major: Major;
  readonly payload: Payload;
  readonly parameters: ParseSchema;
  readonly returns: ParseSchema;
  readonly args: unknown;
  readonly execute: (args: never) => Promise<unknown>;
  readonly executeSync: (args: never) => unknown;
}

type Tool = Omit<Scenario, "major" | "payload">;
/** zod/v3's builders have the same names and shapes as zod 4's for everything used here. */
type Builders = typeof z4;

const schema = (value: unknown) => value as ParseSchema;

function tiny(z: Builders): Tool {
  const result = (args: { id: string }) => ({ length: args.id.length });
  return {
    parameters: schema(z.object({ id: z.string() })),
    returns: schema(z.object({ length: z.number() })),
    args: { id: "m42" },
    execute: async (args: { id: string }) => result(args),
    executeSync: result,
  };
}

const fiveItems = Array.from({ length: 5 }, (_, i) => ({ id: `m${i}`, title: `Meeting ${i}` }));

function small(z: Builders): Tool {
  const result = (args: { limit: number }) => ({ total: args.limit, items: fiveItems });
  return {
    parameters: schema(
      z.object({ query: z.string(), limit: z.number().int(), includeArchived: z.boolean() }),
    ),
    returns: schema(
      z.object({
        total: z.number(),
        items: z.array(z.object({ id: z.string(), title: z.string() })),
      }),
    ),
    args: { query: "standup", limit: 5, includeArchived: false },
    execute: async (args: { limit: number }) => result(args),
    executeSync: result,
  };
}

const largeItems = Array.from({ length: 200 }, (_, i) => ({
  id: `item-${i}`,
  name: `Item number ${i}`,
  quantity: i,
  tags: ["alpha", "beta"],
}));

function large(z: Builders): Tool {
  const item = z.object({
    id: z.string(),
    name: z.string(),
    quantity: z.number(),
    tags: z.array(z.string()),
  });
  const result = (args: { items: unknown[] }) => ({ count: args.items.length, items: args.items });
  return {
    parameters: schema(z.object({ items: z.array(item) })),
    returns: schema(z.object({ count: z.number(), items: z.array(item) })),
    args: { items: largeItems },
    execute: async (args: { items: unknown[] }) => result(args),
    executeSync: result,
  };
}

const payloads = { tiny, small, large } satisfies Record<Payload, (z: Builders) => Tool>;

/** Every payload in both majors, Zod 4 first. */
export function scenarios(): Scenario[] {
  const majors: [Major, Builders][] = [
    ["zod 4", z4],
    ["zod/v3", z3 as unknown as Builders],
  ];
  return majors.flatMap(([major, z]) =>
    (Object.keys(payloads) as Payload[]).map((payload) => ({
      major,
      payload,
      ...payloads[payload](z),
    })),
  );
}

/** Throws when a path returned something else than the hand-written floor. */
export function verify(name: string, got: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(got, expected)) {
    throw new Error(
      `boundary bench: '${name}' returned ${JSON.stringify(got).slice(0, 200)}, not the expected value`,
    );
  }
}
