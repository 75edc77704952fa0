/**
 * Which schemas each dialect of a sweep lints. A dialect asked for (`dialects`) lints
 * `parameters` and `returns`, as the specification's check does. A target's dialect lints
 * what that adapter sends and nothing more: every adapter sends `parameters`; only MCP
 * sends `returns`, and only an object-rooted one, as `outputSchema` (its `tools/list` leaves
 * any other root out). A `returns` no adapter sends cannot fail CI for a provider.
 *
 * @module
 */
import { type AnySchema, projectReturns } from "toolwright";
import { ADAPTER_DIALECTS, type AdapterMode, type LintDialect } from "toolwright/lint";
import type { SchemaRole } from "./types";

/** How much of a tool's `returns` a dialect lints: all of it, an object root only, or none. */
type ReturnsScope = "always" | "object-root" | "never";

/** Each dialect of a sweep, and how much of `returns` it lints. */
export type LintScope = ReadonlyMap<LintDialect, ReturnsScope>;

// Only MCP lists a result schema; the other adapters send parameters alone.
const TARGET_RETURNS: Readonly<Record<AdapterMode, ReturnsScope>> = {
  openai: "never",
  "openai-strict": "never",
  anthropic: "never",
  "anthropic-strict": "never",
  gemini: "never",
  "gemini-parameters": "never",
  mcp: "object-root",
};

const WIDTH: Readonly<Record<ReturnsScope, number>> = { never: 0, "object-root": 1, always: 2 };

/**
 * The scope of each dialect: the asked ones in order, then each target's; a dialect both
 * asked for and a target's, or two targets' at once, lints the wider of their scopes.
 */
export function lintScopeOf(
  asked: readonly LintDialect[],
  targets: readonly AdapterMode[],
): LintScope {
  const scope = new Map<LintDialect, ReturnsScope>();
  const widen = (dialect: LintDialect, returns: ReturnsScope) => {
    const current = scope.get(dialect);
    if (current === undefined || WIDTH[returns] > WIDTH[current]) scope.set(dialect, returns);
  };
  for (const dialect of asked) widen(dialect, "always");
  for (const target of targets) widen(ADAPTER_DIALECTS[target], TARGET_RETURNS[target]);
  return scope;
}

/**
 * The dialects of `scope` that lint `schema` in `role`. A `returns` whose root is not an
 * object, or which cannot be projected (reported by the projection check), drops the
 * dialects that lint object roots only.
 */
export function dialectsFor(
  scope: LintScope,
  name: string,
  role: SchemaRole,
  schema: unknown,
): LintDialect[] {
  const dialects = [...scope.keys()];
  if (role === "parameters") return dialects;
  let objectRoot: boolean | undefined;
  return dialects.filter((dialect) => {
    const returns = scope.get(dialect);
    if (returns !== "object-root") return returns === "always";
    objectRoot ??= hasObjectRoot(name, schema);
    return objectRoot;
  });
}

// What MCP's `isStructured` asks: the 2020-12 projection, as `tools/list` lists it.
function hasObjectRoot(name: string, schema: unknown): boolean {
  try {
    return projectReturns(name, schema as AnySchema, "draft-2020-12").type === "object";
  } catch {
    return false;
  }
}
