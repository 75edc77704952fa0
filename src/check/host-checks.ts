/**
 * The checks every host needs beside the lint rules: a schema that projects to JSON
 * Schema, with `type: "object"` at the root for parameters.
 *
 * @module
 */
import { projectParameters, projectReturns } from "toolwright";
import { messageOf } from "../core/describe";
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
    else projectReturns(name, schema);
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
