/**
 * The sweep: every model-facing schema reachable from some values, linted under the
 * requested dialects, plus the checks every host needs (parameters project to an object
 * schema; no two tools or plays of one capability set share a name). Labelled findings
 * in, plain data out: the repo's own check and the `toolwright check` CLI both use it.
 *
 * @module
 */

import { ManualToolbox } from "toolwright";
import {
  DEFAULT_DIALECT,
  type LintDialect,
  lintModelFacingSchema,
  type SchemaLintFinding,
} from "toolwright/lint";
import { describeValue, messageOf } from "../core/describe";
import { isSchema } from "../zod/schema";
import {
  type CapabilityLike,
  type CapabilitySet,
  discover,
  type ManualLike,
  read,
  type SweepRoot,
} from "./discover";
import { checkProjection, hostFinding } from "./host-checks";
import type { SchemaRole, SweepFinding, SweepOptions, SweepReport } from "./types";

export type { SweepRoot } from "./discover";

/** One tool or play and where it sits. */
interface Entry {
  readonly kind: "tool" | "play";
  readonly name: string;
  readonly owner: string | undefined;
  readonly definition: unknown;
}

interface Place {
  readonly agent: string | undefined;
  readonly capability: string | undefined;
  readonly source: string | undefined;
}

/**
 * Sweeps every toolbox, playbook, capability, agent (`{ name?, capabilities }`), bare tool
 * definition, and array or record of them reachable from `roots`. Objects are recognised
 * by shape, so a second copy of toolwright is swept too. A schema getter that throws, or
 * a value that is not a schema, becomes a finding for its tool; the sweep goes on.
 *
 * @example
 * ```ts
 * import * as tools from "./src/tools/index.js";
 * const report = sweepModelFacingSchemas(tools, { requireDescribe: true });
 * for (const f of report.findings) console.log(formatFinding(f));
 * ```
 */
export function sweepModelFacingSchemas(
  roots: readonly SweepRoot[] | Readonly<Record<string, unknown>>,
  options: SweepOptions = {},
): SweepReport {
  const dialects = [...new Set(options.dialects ?? [DEFAULT_DIALECT])];
  const requireDescribe = options.requireDescribe ?? false;
  const list = Array.isArray(roots)
    ? (roots as readonly SweepRoot[])
    : Object.keys(roots).map((name) => ({ name, value: read(roots, name) }));
  const found = discover(list);
  const findings: SweepFinding[] = [];
  const swept = new Map<object, Set<string>>();
  const sweptCapabilities = new Set<CapabilityLike>();
  const manuals = new WeakMap<object, ManualToolbox>();
  const sources = new Map<object, string | undefined>();
  for (const cap of found.capabilities) sources.set(cap.value, cap.source);
  let schemasChecked = 0;
  let toolsChecked = 0;

  const lintCache = new WeakMap<object, Map<string, SchemaLintFinding[]>>();
  const lintOnce = (schema: object, dialect: LintDialect): SchemaLintFinding[] => {
    let byDialect = lintCache.get(schema);
    if (byDialect === undefined) {
      byDialect = new Map();
      lintCache.set(schema, byDialect);
    }
    let result = byDialect.get(dialect);
    if (result === undefined) {
      result = lintModelFacingSchema(schema, { dialect, requireDescribe });
      byDialect.set(dialect, result);
    }
    return result;
  };

  const sweepEntry = (entry: Entry, place: Place): void => {
    if (isObject(entry.definition)) {
      const names = swept.get(entry.definition) ?? new Set<string>();
      if (names.has(entry.name)) return;
      names.add(entry.name);
      swept.set(entry.definition, names);
    }
    toolsChecked += 1;
    const report = (
      schema: SchemaRole | undefined,
      finding: Pick<SweepFinding, "code" | "severity" | "path" | "dialect" | "message">,
    ) =>
      findings.push({
        ...locate(entry, place, schema),
        code: finding.code,
        severity: finding.severity,
        path: finding.path,
        dialect: finding.dialect,
        message: finding.message,
      });

    for (const role of ["parameters", "returns"] as const) {
      let schema: unknown;
      try {
        schema = isObject(entry.definition)
          ? (entry.definition as Record<string, unknown>)[role]
          : undefined;
      } catch (error) {
        schemasChecked += 1;
        report(
          role,
          hostFinding("schema-unreadable", `reading ${role} threw: ${messageOf(error)}`),
        );
        continue;
      }
      if (schema === undefined && role === "returns") continue;
      schemasChecked += 1;
      options.onSchema?.({ label: locate(entry, place, role).label, source: place.source });
      if (!isSchema(schema)) {
        const what = isObject(entry.definition) ? describeValue(schema) : "not a tool definition";
        report(
          role,
          hostFinding(
            "not-a-schema",
            `${role} is ${what}; declare it as a Zod schema, e.g. z.object({...})`,
          ),
        );
        continue;
      }
      for (const dialect of dialects) {
        try {
          for (const finding of lintOnce(schema, dialect)) report(role, finding);
        } catch (error) {
          const code = error instanceof TypeError ? "not-a-schema" : "lint-failed";
          report(role, { ...hostFinding(code, messageOf(error)), dialect });
        }
      }
      const projection = checkProjection(entry.name, role, schema);
      if (projection !== undefined) report(role, projection);
    }
  };

  const manualToolboxFor = (manual: ManualLike): ManualToolbox => {
    let tools = manuals.get(manual);
    if (tools === undefined) {
      tools = new ManualToolbox(manual as never);
      manuals.set(manual, tools);
    }
    return tools;
  };

  const entriesOfCapability = (cap: CapabilityLike, place: Place): Entry[] => {
    const entries = [
      ...entriesOf("tool", cap.toolbox, "tools"),
      ...(cap.playbook === undefined ? [] : entriesOf("play", cap.playbook, "plays")),
    ];
    const manual = read(cap, "manual");
    const toolbox = cap.toolbox as { readonly manual?: unknown };
    if (manual !== undefined && read(toolbox, "manual") !== manual) {
      try {
        entries.push(...entriesOf("tool", manualToolboxFor(manual as ManualLike), "tools"));
      } catch (error) {
        findings.push({
          ...locate(
            {
              kind: "tool",
              name: "(manual)",
              owner: undefined,
              definition: undefined,
            },
            place,
            undefined,
          ),
          ...hostFinding(
            "schema-unreadable",
            `building the manual's tools threw: ${messageOf(error)}`,
          ),
        });
      }
    }
    return entries;
  };

  const sweepSet = (set: CapabilitySet | undefined, capabilities: readonly CapabilityLike[]) => {
    const byName = new Map<string, { entry: Entry; capability: string | undefined }>();
    for (const cap of capabilities) {
      const place: Place = {
        agent: set?.label,
        capability: nameOf(cap, "capability"),
        source: set?.source ?? sources.get(cap),
      };
      for (const entry of entriesOfCapability(cap, place)) {
        sweepEntry(entry, place);
        const first = byName.get(entry.name);
        if (first === undefined) {
          byName.set(entry.name, { entry, capability: place.capability });
          continue;
        }
        findings.push({
          ...locate(entry, place, undefined),
          ...hostFinding(
            "duplicate-name",
            `${describeEntry(entry, place.capability)} has the same name as ${describeEntry(first.entry, first.capability)}; a host serves every tool and play of a capability set in one namespace, so rename one`,
          ),
        });
      }
      sweptCapabilities.add(cap);
    }
  };

  for (const set of found.sets) sweepSet(set, set.capabilities);
  for (const cap of found.capabilities) {
    if (!sweptCapabilities.has(cap.value)) sweepSet(undefined, [cap.value]);
  }
  for (const box of found.toolboxes) {
    const place: Place = { agent: undefined, capability: undefined, source: box.source };
    for (const entry of entriesOf("tool", box.value, "tools", box.at)) sweepEntry(entry, place);
  }
  for (const book of found.playbooks) {
    const place: Place = { agent: undefined, capability: undefined, source: book.source };
    for (const entry of entriesOf("play", book.value, "plays", book.at)) sweepEntry(entry, place);
  }
  for (const tool of found.tools) {
    // A definition already swept inside a toolbox or playbook keeps that label.
    if (swept.has(tool.value)) continue;
    const place: Place = { agent: undefined, capability: undefined, source: tool.source };
    const entry: Entry = {
      kind: "tool",
      name: tool.at,
      owner: undefined,
      definition: tool.value,
    };
    sweepEntry(entry, place);
  }

  const errorCount = findings.filter((finding) => finding.severity === "error").length;
  return {
    findings,
    schemasChecked,
    toolsChecked,
    dialects,
    requireDescribe,
    errorCount,
    warningCount: findings.length - errorCount,
  };
}

/** True when `discover` finds at least one toolwright object in `roots`. */
export function hasToolwrightObjects(roots: readonly SweepRoot[]): boolean {
  const found = discover(roots);
  return (
    found.sets.length +
      found.capabilities.length +
      found.toolboxes.length +
      found.playbooks.length +
      found.tools.length >
    0
  );
}

function entriesOf(
  kind: "tool" | "play",
  holder: object,
  member: "tools" | "plays",
  at?: string,
): Entry[] {
  const record = read(holder, member);
  if (!isObject(record)) return [];
  const owner = nameOf(holder, at ?? (kind === "tool" ? "toolbox" : "playbook"));
  return Object.keys(record).map((name) => ({
    kind,
    name,
    owner,
    definition: read(record, name),
  }));
}

function locate(
  entry: Entry,
  place: Place,
  schema: SchemaRole | undefined,
): Pick<
  SweepFinding,
  "label" | "agent" | "capability" | "owner" | "kind" | "name" | "schema" | "source"
> {
  const parts = [place.agent, place.capability ?? entry.owner].filter(
    (part): part is string => part !== undefined,
  );
  const tool = schema === undefined ? entry.name : `${entry.name}.${schema}`;
  return {
    label: [...parts, tool].join(" / "),
    agent: place.agent,
    capability: place.capability,
    owner: entry.owner,
    kind: entry.kind,
    name: entry.name,
    schema,
    source: place.source,
  };
}

function describeEntry(entry: Entry, capability: string | undefined): string {
  const where = [
    capability === undefined ? undefined : `capability '${capability}'`,
    entry.owner === undefined
      ? undefined
      : `${entry.kind === "tool" ? "toolbox" : "playbook"} '${entry.owner}'`,
  ].filter((part) => part !== undefined);
  return `${entry.kind} '${entry.name}'${where.length > 0 ? ` of ${where.join(", ")}` : ""}`;
}

function nameOf(value: object, fallback: string): string {
  const name = read(value, "name");
  return typeof name === "string" && name !== "" ? name : fallback;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
