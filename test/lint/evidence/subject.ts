/**
 * What the evidence judges: one tool's parameters, as the lint reads them and as a provider
 * path receives them. Three kinds, one shape, so every oracle judges them alike:
 *
 * - a corpus instance as written (the Zod schema is linted; the path receives the package's
 *   projection of it, `projectParameters`);
 * - a corpus instance as JSON Schema (the package's projection at the target the dialect's
 *   path uses is linted, and the path receives that same document);
 * - a real MCP server's `tools/list` entry (its `inputSchema` is linted and received as is).
 */
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import { type JsonSchemaTarget, projectParameters, toJsonSchema } from "toolwright";
import type { CorpusInstance } from "../corpus/index.js";
import { MAJORS } from "../helpers.js";
import { isJson, type Json } from "./json-nodes.js";
import { ROOT } from "./problems.js";
import { toolRejects } from "./sample.js";

/** The projection a path receives, or the units that cannot be sent and why. */
export type Projected =
  | { readonly json: Json }
  | { readonly units: string[]; readonly reason: string };

/** One tool's parameters under judgement. */
export interface Subject {
  /** `name@3`, `name@4` (a corpus instance) or `server/tool` (a listing). */
  readonly id: string;
  /** The tool's name, as a path sends it. */
  readonly name: string;
  /** Arguments a model would plausibly send. */
  readonly sample: unknown;
  /** What `lintModelFacingSchema` is given: a Zod schema or a JSON Schema. */
  readonly linted: unknown;
  /** The root property names: with the root, the units compared. */
  readonly keys: readonly string[];
  /** What a path sends at `target`, or which units it refuses to send. */
  project(target: JsonSchemaTarget): Projected;
  /** The units where the tool itself refuses `value` (none: it accepts it). */
  rejects(value: unknown): string[];
  /**
   * The Zod schema and its major, for the two paths that convert Zod themselves (OpenAI's
   * Zod helper, Bifrost's zod-to-json-schema); `undefined` for JSON Schema input, which those
   * paths would receive as the document itself.
   */
  readonly zod?: { readonly schema: unknown; readonly major: 3 | 4 };
}

/** A corpus instance as written: the Zod schema linted, the package's projection sent. */
export function zodSubject(instance: CorpusInstance): Subject {
  const { schema, entry, major } = instance;
  return {
    id: instance.id,
    name: entry.name,
    sample: entry.sample,
    linted: schema,
    keys: Object.keys(shapeOf(schema) ?? {}),
    project: (target) => projectZod(instance, target),
    rejects: (value) => toolRejects(schema, value),
    zod: { schema, major },
  };
}

/**
 * A corpus instance as JSON Schema: the package's projection at `target` (the input side,
 * `toJsonSchema` as `projectParameters` calls it, without its object-root check, so a
 * non-object root is a document the lint reads), or `undefined` when the package cannot
 * project it at all (a Zod 4 construct JSON Schema cannot carry). The tool is still the
 * Zod schema: it is what parses the arguments.
 */
export function jsonSubject(
  instance: CorpusInstance,
  target: JsonSchemaTarget,
): Subject | undefined {
  let json: Json;
  try {
    json = toJsonSchema(instance.schema as never, { target, side: "input" }) as Json;
  } catch {
    return undefined;
  }
  return {
    id: instance.id,
    name: instance.entry.name,
    sample: instance.entry.sample,
    linted: json,
    keys: isJson(json.properties) ? Object.keys(json.properties) : [],
    project: () => sentAsIs(json),
    rejects: (value) => toolRejects(instance.schema, value),
  };
}

/**
 * A listed tool: its `inputSchema` linted and sent as it is; the tool accepts what that
 * schema admits (the server's own validation is the schema it lists), under the draft its
 * `$schema` names (2020-12, MCP's default, when it names none).
 */
export function listedSubject(
  server: string,
  tool: { readonly name: string; readonly inputSchema: Json },
  sample: unknown,
): Subject {
  const json = tool.inputSchema;
  const validate = compile(json);
  return {
    id: `${server}/${tool.name}`,
    name: tool.name,
    sample,
    linted: json,
    keys: isJson(json.properties) ? Object.keys(json.properties) : [],
    project: () => sentAsIs(json),
    rejects: (value) => validate(value),
  };
}

/**
 * A JSON Schema as a path sends it: unchanged, except that every path refuses a root that
 * is not an object (the adapters' `projectParameters` refuses it; every provider and MCP's
 * `Tool` schema want `type: "object"` at the root).
 */
function sentAsIs(json: Json): Projected {
  if (json.type === "object") return { json: structuredClone(json) };
  return { units: [ROOT], reason: "parameters must have type object at the root" };
}

const draft07 = new Ajv({ strict: false, validateFormats: false, allErrors: true });
const draft2020 = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

function compile(json: Json): (value: unknown) => string[] {
  const ajv = String(json.$schema ?? "").includes("draft-07") ? draft07 : draft2020;
  const { $schema: _dialect, ...schema } = json;
  const validate = ajv.compile(schema);
  return (value) => {
    if (validate(value)) return [];
    const units = (validate.errors ?? []).map((error) => {
      const [, first] = error.instancePath.split("/");
      if (first !== undefined && first !== "")
        return first.replaceAll("~1", "/").replaceAll("~0", "~");
      return (error.params as { missingProperty?: string }).missingProperty ?? ROOT;
    });
    return [...new Set(units)];
  };
}

/** The package's projection of a corpus instance, locating a refusal. */
function projectZod(instance: CorpusInstance, target: JsonSchemaTarget): Projected {
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
