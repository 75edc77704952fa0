/**
 * The adapters' own projection of a corpus instance (toolwright's `projectParameters`), and,
 * when it refuses, which root properties make it refuse: each is projected alone.
 */
import { type JsonSchemaTarget, projectParameters } from "toolwright";
import type { CorpusInstance } from "../corpus/index.js";
import { MAJORS } from "../helpers.js";
import type { Json } from "./json-nodes.js";
import { ROOT } from "./problems.js";

/** The projection, or the units that cannot be projected and why. */
export type Projected =
  | { readonly json: Json }
  | { readonly units: string[]; readonly reason: string };

/** Projects the instance's parameters as an adapter does, locating a refusal. */
export function project(instance: CorpusInstance, target: JsonSchemaTarget): Projected {
  try {
    return {
      json: projectParameters(instance.entry.name, instance.schema as never, target) as Json,
    };
  } catch (error) {
    const reason = `projection refused: ${(error as Error).message}`;
    return { units: refusingUnits(instance, target), reason };
  }
}

/** The root properties whose own one-field object cannot be projected; the root if none. */
function refusingUnits(instance: CorpusInstance, target: JsonSchemaTarget): string[] {
  const shape = shapeOf(instance.schema);
  if (shape === undefined) return [ROOT];
  const z = MAJORS.find((m) => m.major === instance.major)?.z;
  const units = Object.keys(shape).filter((key) => {
    try {
      projectParameters("probe", z?.object({ [key]: shape[key] as never }) as never, target);
      return false;
    } catch {
      return true;
    }
  });
  return units.length > 0 ? units : [ROOT];
}

/** The shape of a root `z.object`, of either major; `undefined` for any other root. */
export function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  const s = schema as {
    _zod?: { def?: { type?: string } };
    _def?: { typeName?: string };
    shape?: unknown;
  };
  const isObject =
    s._zod?.def?.type === "object" || (s._zod === undefined && s._def?.typeName === "ZodObject");
  return isObject ? (s.shape as Record<string, unknown>) : undefined;
}
