/**
 * The tools the boundary benchmark calls: a small and a large payload, in both Zod
 * majors, with the arguments they are called with and a check of what comes back.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import type { AnySchema } from "toolwright";
import { z as z4 } from "zod";
import { z as z3 } from "zod/v3";

export type Major = "zod 4" | "zod/v3";
export type Payload = "small" | "large";

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

const fiveItems = Array.from({ length: 5 }, (_, i) => ({ id: `m${i}`, title: `Meeting ${i}` }));
const smallArgs = { query: "standup", limit: 5, includeArchived: false };
const largeItems = Array.from({ length: 200 }, (_, i) => ({
  id: `item-${i}`,
  name: `Item number ${i}`,
  quantity: i,
  tags: ["alpha", "beta"],
}));
const largeArgs = { items: largeItems };

function smallResult(args: { limit: number }) {
  return { total: args.limit, items: fiveItems };
}
function largeResult(args: { items: unknown[] }) {
  return { count: args.items.length, items: args.items };
}

export function scenarios(): Scenario[] {
  const small = (major: Major, z: typeof z4 | typeof z3): Scenario => {
    const zz = z as typeof z4;
    return {
      major,
      payload: "small",
      parameters: zz.object({
        query: zz.string(),
        limit: zz.number().int(),
        includeArchived: zz.boolean(),
      }) as unknown as ParseSchema,
      returns: zz.object({
        total: zz.number(),
        items: zz.array(zz.object({ id: zz.string(), title: zz.string() })),
      }) as unknown as ParseSchema,
      args: smallArgs,
      execute: async (args: { limit: number }) => smallResult(args),
      executeSync: (args: { limit: number }) => smallResult(args),
    } as Scenario;
  };
  const large = (major: Major, z: typeof z4 | typeof z3): Scenario => {
    const zz = z as typeof z4;
    const item = zz.object({
      id: zz.string(),
      name: zz.string(),
      quantity: zz.number(),
      tags: zz.array(zz.string()),
    });
    return {
      major,
      payload: "large",
      parameters: zz.object({ items: zz.array(item) }) as unknown as ParseSchema,
      returns: zz.object({ count: zz.number(), items: zz.array(item) }) as unknown as ParseSchema,
      args: largeArgs,
      execute: async (args: { items: unknown[] }) => largeResult(args),
      executeSync: (args: { items: unknown[] }) => largeResult(args),
    } as Scenario;
  };
  // zod/v3's builders have the same names and shapes as zod 4's for everything used here.
  return [small("zod 4", z4), large("zod 4", z4), small("zod/v3", z3), large("zod/v3", z3)];
}

/** Throws when a path returned something else than the hand-written floor. */
export function verify(name: string, got: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(got, expected)) {
    throw new Error(
      `boundary bench: '${name}' returned ${JSON.stringify(got).slice(0, 200)}, not the expected value`,
    );
  }
}
