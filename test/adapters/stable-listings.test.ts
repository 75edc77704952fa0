/**
 * Listings are stable, so that provider prompt caches hold: the same tools in the same
 * order with byte-identical schemas, call after call and process after process, whatever
 * order the schemas were first projected in (`listing-fixture.ts` has recursive and
 * shared schemas of both majors, whose `$defs` and `$ref`s could depend on it).
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

async function listings(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "test/adapters/listing-fixture.ts", ...args],
    { cwd: root },
  );
  return stdout;
}

describe("stable listings", () => {
  it("every adapter lists byte-identical tools across processes and projection orders", async () => {
    const [first, second, reversed] = await Promise.all([
      listings(),
      listings(),
      listings("reverse"),
    ]);
    expect(second).toBe(first);
    expect(reversed).toBe(first);
    const parsed = JSON.parse(first) as Record<string, { name?: string }[]>;
    expect(Object.keys(parsed)).toEqual([
      "chatCompletions",
      "chatCompletionsStrict",
      "responses",
      "anthropic",
      "anthropicStrict",
      "gemini",
      "geminiParameters",
      "mcp",
    ]);
    // Capability order, then each record's order: the order the tools were declared in.
    const names = parsed.anthropic?.map((tool) => tool.name);
    expect(names?.slice(-2)).toEqual(["plant4", "plant3"]);
    expect(parsed.mcp?.map((tool) => tool.name)).toEqual(names);
  });
});
