/**
 * The checks every host needs beside the lint rules: a schema that projects to JSON
 * Schema, with `type: "object"` at the root for parameters, and one name per tool or play
 * of a capability set.
 *
 * @module
 */
import { projectParameters, projectReturns } from "toolwright";
import { messageOf } from "../core/describe";
import type { Entry } from "./entries";
import type { SchemaRole, SweepCheckCode, SweepFinding } from "./types";

/** What a check found, before the sweep adds where. */
export type Verdict = Pick<SweepFinding, "code" | "severity" | "path" | "dialect" | "message">;

/** A host check's finding: always an error about the whole schema. */
export function hostFinding(code: SweepCheckCode, message: string): Verdict {
  return { code, severity: "error", path: "$", dialect: undefined, message };
}

/** Projects the schema the way a host does; `undefined` when a host can use it. */
export function checkProjection(
  name: string,
  role: SchemaRole,
  schema: Parameters<typeof projectParameters>[1],
): Verdict | undefined {
  try {
    if (role === "parameters") projectParameters(name, schema);
    else projectReturns(name, schema as Parameters<typeof projectReturns>[1]);
    return undefined;
  } catch (error) {
    // projectParameters throws without a cause for a non-object root, with one when
    // the converter itself failed.
    const failed = error instanceof Error && error.cause !== undefined;
    return hostFinding(
      role === "parameters" && !failed ? "parameters-not-object" : "projection-failed",
      messageOf(error),
    );
  }
}

/** The first tool or play of a capability set seen under each name, and its capability. */
export type NameIndex = Map<string, { entry: Entry; capability: string | undefined }>;

/**
 * Records `entry` under its name in `seen`; a `duplicate-name` verdict when an earlier
 * tool or play of the set already holds the name (the first keeps it).
 */
export function checkUniqueName(
  seen: NameIndex,
  entry: Entry,
  capability: string | undefined,
): Verdict | undefined {
  const first = seen.get(entry.name);
  if (first === undefined) {
    seen.set(entry.name, { entry, capability });
    return undefined;
  }
  return hostFinding(
    "duplicate-name",
    `${describeEntry(entry, capability)} has the same name as ${describeEntry(first.entry, first.capability)}; a host serves every tool and play of a capability set in one namespace, so rename one`,
  );
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
