/**
 * The sweep of tool listings: tools given as JSON Schema (an MCP server's `tools/list`, a
 * JSON file), linted as the sweep lints toolwright objects. Each tool's `inputSchema` under
 * every dialect; its `outputSchema` under the dialects that lint `returns` (a target's only
 * when MCP would send it: an object root); duplicate names; and each listing checked as one
 * request of every target (tool names, per-request budgets).
 *
 * @module
 */
import { type LintDialect, lintModelFacingSchema } from "toolwright/lint";
import { describeValue, messageOf } from "../core/describe";
import { type Entry, locate, type Place } from "./entries";
import { checkUniqueName, hostFinding, type NameIndex, type Verdict } from "./host-checks";
import { checkRequest, type SetMember } from "./request-checks";
import { scopeOf } from "./sweep";
import { addFinding, createSweepState, reportOf, type SweepState } from "./sweep-state";
import type { SchemaRole, SweepOptions, SweepReport, ToolListing } from "./types";

/**
 * Sweeps tool listings: each tool's JSON Schemas linted under the requested dialects and
 * targets, each listing checked as one request of every target. Findings are labelled
 * `server / tool.parameters` (`returns` for an `outputSchema`) and carry the listing's
 * `source`. A schema that is no JSON Schema becomes a finding for its tool; the sweep goes
 * on. The lowering ledger (`ledger`) is computed from Zod schemas only, so a listing has none.
 *
 * @example
 * ```ts
 * import { sweepToolListings } from "toolwright/check";
 *
 * const { tools } = await client.listTools();
 * const report = sweepToolListings([{ server: "notes", source: "npx notes-server", tools }], {
 *   targets: ["openai-strict", "anthropic-strict"],
 * });
 * ```
 */
export function sweepToolListings(
  listings: readonly ToolListing[],
  options: SweepOptions = {},
): SweepReport {
  const state = createSweepState(options, scopeOf(options), options.requireDescribe ?? false);
  for (const listing of listings) sweepListing(state, listing);
  return reportOf(state);
}

function sweepListing(state: SweepState, listing: ToolListing): void {
  const place: Place = { agent: listing.server, capability: undefined, source: listing.source };
  const names: NameIndex = new Map();
  const members: SetMember[] = [];
  for (const tool of listing.tools) {
    // The request check reads `parameters`, as it does of a tool definition.
    const entry: Entry = {
      kind: "tool",
      name: tool.name,
      owner: undefined,
      definition: { parameters: tool.inputSchema },
    };
    state.toolsChecked += 1;
    const linted = sweepSchema(state, entry, place, "parameters", tool.inputSchema);
    if (tool.outputSchema !== undefined) {
      sweepSchema(state, entry, place, "returns", tool.outputSchema);
    }
    // A schema the linter cannot read would fail the whole request check: it is reported.
    if (linted) members.push({ entry, place });
    const duplicate = checkUniqueName(names, entry, undefined);
    if (duplicate !== undefined) addFinding(state, entry, place, undefined, duplicate);
  }
  checkRequest(state, members);
}

/** Lints one schema of `entry`; false when it is no JSON Schema the linter can read. */
function sweepSchema(
  state: SweepState,
  entry: Entry,
  place: Place,
  role: SchemaRole,
  schema: unknown,
): boolean {
  const report = (verdict: Verdict) => addFinding(state, entry, place, role, verdict);
  state.schemasChecked += 1;
  state.options.onSchema?.({ label: locate(entry, place, role).label, source: place.source });
  if (!isRecord(schema)) {
    report(
      hostFinding(
        "not-a-schema",
        `${schemaField(role)} is ${describeValue(schema)}; a tool's schema must be a JSON Schema object`,
      ),
    );
    return false;
  }
  let readable = true;
  for (const dialect of dialectsOf(state, role, schema)) {
    try {
      const findings = lintModelFacingSchema(schema, {
        dialect,
        requireDescribe: state.requireDescribe,
      });
      for (const finding of findings) report(finding);
    } catch (error) {
      readable = false;
      const code = error instanceof TypeError ? "not-a-schema" : "lint-failed";
      report({ ...hostFinding(code, messageOf(error)), dialect });
    }
  }
  if (role === "parameters" && schema.type !== "object") {
    report(
      hostFinding(
        "parameters-not-object",
        `${schemaField(role)} has ${describeType(schema.type)} at its root; MCP and every provider take tool parameters as a JSON Schema with type "object" at the root`,
      ),
    );
  }
  return readable;
}

/** The dialects that lint `schema` in `role`; for `returns`, as `dialectsFor` decides it. */
function dialectsOf(
  state: SweepState,
  role: SchemaRole,
  schema: Readonly<Record<string, unknown>>,
): LintDialect[] {
  const dialects = [...state.scope.keys()];
  if (role === "parameters") return dialects;
  const objectRoot = schema.type === "object";
  return dialects.filter((dialect) => {
    const returns = state.scope.get(dialect);
    return returns === "always" || (returns === "object-root" && objectRoot);
  });
}

function schemaField(role: SchemaRole): string {
  return role === "parameters" ? "inputSchema" : "outputSchema";
}

function describeType(type: unknown): string {
  return type === undefined ? "no type" : `type ${JSON.stringify(type)}`;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
