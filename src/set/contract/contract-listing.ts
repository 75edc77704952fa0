/**
 * A tool set's contract listing for one target: each entry as that target's adapter takes
 * it (its name, its description, its parameters projected in the JSON Schema dialect the
 * adapter projects with, and its result schema where the adapter sends one), in the set's
 * order. `set.contract`, `set.fingerprint` and `toolwright check --lock` all read a set
 * through this one function, so a fingerprint a host stored at run time is the one the
 * lock file records.
 *
 * Why the basis is what the adapter lowers from, not its provider-specific output: the set
 * must not import an adapter (the adapters import the set), and every adapter's listing is
 * a pure function of this one (a strict lowering included), so equal fingerprints mean
 * equal listings sent.
 *
 * @module
 */
import { describeValue } from "../../core/describe";
import { projectParameters, projectReturns } from "../../core/projection";
import type { JsonSchemaTarget } from "../../zod/json-schema";
import type { ToolSetEntry } from "../types";
import type { ToolContract } from "./listing-changes";

/**
 * What a contract is read as: `"toolwright"`, the neutral listing (parameters and returns,
 * JSON Schema 2020-12), or one of the adapter modes `toolwright check --target` takes.
 */
export type ContractTarget =
  | "toolwright"
  | "openai"
  | "openai-strict"
  | "anthropic"
  | "anthropic-strict"
  | "gemini"
  | "gemini-parameters"
  | "mcp";

/** Which result schemas a target sends: all, an object-rooted one only (MCP), or none. */
type ReturnsSent = "always" | "object-root" | "never";

interface TargetReading {
  readonly dialect: JsonSchemaTarget;
  readonly returns: ReturnsSent;
  /** The listing sends a title and hints (MCP). */
  readonly hints?: true;
  /** The listing sends input examples by default (Anthropic's `input_examples`). */
  readonly examples?: true;
}

// Each adapter's own projection (see its `list`), with its default options: OpenAI projects
// draft-07, Gemini's legacy field OpenAPI 3.0; only MCP (`outputSchema`) and Gemini
// (`response…`) send results; only MCP sends a title and hints; Anthropic sends examples
// unasked (OpenAI, Gemini and MCP only when told to put them in the description).
const READINGS = {
  toolwright: { dialect: "draft-2020-12", returns: "always", hints: true, examples: true },
  openai: { dialect: "draft-07", returns: "never" },
  "openai-strict": { dialect: "draft-07", returns: "never" },
  anthropic: { dialect: "draft-2020-12", returns: "never", examples: true },
  "anthropic-strict": { dialect: "draft-2020-12", returns: "never", examples: true },
  gemini: { dialect: "draft-2020-12", returns: "always" },
  "gemini-parameters": { dialect: "openapi-3.0", returns: "always" },
  mcp: { dialect: "draft-2020-12", returns: "object-root", hints: true },
} as const satisfies Record<ContractTarget, TargetReading>;

/** Every target a contract can be read as, the neutral one first. */
export const CONTRACT_TARGETS = Object.keys(READINGS) as readonly ContractTarget[];

/**
 * The contract of each entry, in order, as `target` reads it. A deferred entry is read
 * in full: its schemas are what its calls are parsed against. Throws a `TypeError` naming
 * the valid targets for any other, and `SchemaProjectionError` naming the tool when a
 * schema cannot be projected.
 */
export function contractListing(
  entries: readonly ToolSetEntry[],
  target: ContractTarget,
): ToolContract[] {
  const reading = readingOf(target);
  return entries.map((entry) => {
    const kind = entry.kind === "play" ? "play" : "tool";
    const parameters = projectParameters(entry.name, entry.parameters, reading.dialect, kind);
    const returns =
      entry.returns === undefined || reading.returns === "never"
        ? undefined
        : projectReturns(entry.name, entry.returns, reading.dialect, kind);
    const sent = reading.returns === "always" || returns?.type === "object";
    return {
      name: entry.name,
      description: entry.description,
      parameters,
      ...(returns !== undefined && sent && { returns }),
      ...(reading.hints === true && hintsOf(entry)),
      ...(reading.examples === true && examplesOf(entry)),
    };
  });
}

// What MCP lists beside the schemas: its title (its own, else its hints') and its hints.
function hintsOf(entry: ToolSetEntry): Pick<ToolContract, "title" | "annotations"> {
  const title = entry.title ?? entry.annotations?.title;
  return {
    ...(title !== undefined && { title }),
    ...(entry.annotations !== undefined && { annotations: entry.annotations }),
  };
}

function examplesOf(entry: ToolSetEntry): Pick<ToolContract, "examples"> {
  return entry.examples === undefined || entry.examples.length === 0
    ? {}
    : { examples: entry.examples };
}

function readingOf(target: unknown): TargetReading {
  if (typeof target === "string" && Object.hasOwn(READINGS, target)) {
    return READINGS[target as ContractTarget];
  }
  throw new TypeError(
    `fingerprint: unknown target ${describeValue(target)}; use one of: ${CONTRACT_TARGETS.join(", ")}`,
  );
}
