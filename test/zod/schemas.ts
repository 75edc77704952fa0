/**
 * Every schema the examples and test fixtures define, found by walking what their modules
 * export (toolboxes, playbooks, capabilities, agents), and built with every Zod build
 * where a fixture takes a `z`: zod 4, `zod/v3`, and zod 3.25's two builds.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z as z4 } from "zod";
import { z as z3 } from "zod/v3";
import * as z325classic from "zod-3-25";
import * as z325v4 from "zod-3-25/v4";
import { isSchema } from "../../src/zod/schema.js";
import type { AnyZ } from "../lint/helpers.js";

/** A Zod namespace and the name a test title gives it. */
export interface Build {
  readonly name: "zod" | "zod/v3" | "zod-3-25" | "zod-3-25/v4";
  readonly z: AnyZ;
}

export const BUILDS: readonly Build[] = [
  { name: "zod", z: z4 },
  { name: "zod/v3", z: z3 as unknown as AnyZ },
  { name: "zod-3-25", z: z325classic.z as unknown as AnyZ },
  { name: "zod-3-25/v4", z: z325v4.z as unknown as AnyZ },
];

/** Every schema reachable from `root` without going into a schema; getters that throw are skipped. */
export function schemasIn(root: unknown): object[] {
  const found: object[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if ((typeof value !== "object" && typeof value !== "function") || value === null) continue;
    if (seen.has(value)) continue;
    seen.add(value);
    if (isSchema(value)) {
      found.push(value);
      continue;
    }
    if (typeof value === "function") continue;
    if (value instanceof Map) stack.push(...value.values());
    if (value instanceof Set) stack.push(...value);
    for (const key of Object.getOwnPropertyNames(value)) {
      try {
        stack.push((value as Record<string, unknown>)[key]);
      } catch {
        // A throwing getter (a fixture tests one): nothing to collect there.
      }
    }
  }
  return found;
}

/**
 * The check fixtures that define schemas. Named, not globbed: that folder also holds fixtures
 * that hang, exit or print on import, for the CLI's own tests.
 */
const CHECK_FIXTURES = [
  "broken-example.ts",
  "circular.ts",
  "clean-v3.ts",
  "clean.ts",
  "findings.ts",
  "many-tools.ts",
  "throwing-getter.ts",
  "warnings-only.ts",
];

/** The schemas each example module and schema-holding check fixture exports, by path. */
export async function moduleSchemas(): Promise<Array<[string, object[]]>> {
  const examples = fileURLToPath(new URL("../../examples", import.meta.url));
  const fixtures = fileURLToPath(new URL("../check/fixtures", import.meta.url));
  const paths = [
    ...readdirSync(examples)
      .filter((name) => name.endsWith(".ts"))
      .map((name) => join(examples, name)),
    ...CHECK_FIXTURES.map((name) => join(fixtures, name)),
  ];
  const result: Array<[string, object[]]> = [];
  for (const path of paths) result.push([path, schemasIn(await import(path))]);
  return result;
}
