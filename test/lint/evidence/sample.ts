/**
 * The faithfulness check with a plausible argument: the schema the provider works from should
 * admit what the tool accepts, and the tool should accept what that schema admits. A mismatch
 * either way, at some root property, is a problem there.
 */
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import type { Json } from "./json-nodes.js";
import { type Problems, ROOT } from "./problems.js";

const draft07 = new Ajv({ strict: false, validateFormats: false, allErrors: true });
const draft2020 = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

/** The JSON Schema draft a provider path validates with. */
export type Draft = "draft-07" | "draft-2020-12";

/** The units where `value` breaks `schema`, or `undefined` when the schema does not compile. */
export function jsonRejects(schema: Json, value: unknown, draft: Draft): string[] | undefined {
  const ajv = draftOf(schema, draft) === "draft-07" ? draft07 : draft2020;
  let validate: ReturnType<Ajv["compile"]>;
  try {
    validate = ajv.compile(schema);
  } catch {
    return undefined;
  } finally {
    ajv.removeSchema(schema);
  }
  if (validate(value)) return [];
  const units = (validate.errors ?? []).map((error) => {
    const [, first] = error.instancePath.split("/");
    if (first !== undefined && first !== "")
      return first.replaceAll("~1", "/").replaceAll("~0", "~");
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    return missing ?? ROOT;
  });
  return [...new Set(units)];
}

/**
 * The draft a validator reads `schema` under: the one its `$schema` names (a listing from a
 * Zod 3 server names draft-07), else the path's own.
 */
function draftOf(schema: Json, draft: Draft): Draft {
  const named = typeof schema?.$schema === "string" ? schema.$schema : "";
  if (named.includes("draft-07")) return "draft-07";
  if (named.includes("2020-12")) return "draft-2020-12";
  return draft;
}

/** The units where the tool's own schema refuses `value`. */
export function toolRejects(schema: unknown, value: unknown): string[] {
  const result = (
    schema as {
      safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
    }
  ).safeParse(structuredClone(value));
  if (result.success) return [];
  const units = (result.error?.issues ?? []).map((issue) =>
    issue.path.length > 0 ? String(issue.path[0]) : ROOT,
  );
  return [...new Set(units)];
}

/**
 * Records a problem wherever the provider's schema and the tool disagree on `value`: refused by
 * the schema though the tool takes it, or taken by the schema though the tool refuses it.
 */
export function checkSample(
  problems: Problems,
  provider: { readonly schema: Json; readonly draft: Draft; readonly value: unknown },
  tool: { readonly rejects: (value: unknown) => string[]; readonly value: unknown },
): void {
  const byProvider = jsonRejects(provider.schema, provider.value, provider.draft);
  if (byProvider === undefined) {
    problems.add([ROOT], "the schema does not compile");
    return;
  }
  const byTool = tool.rejects(tool.value);
  if (byTool.length === 0 && byProvider.length > 0) {
    problems.add(byProvider, "the provider's schema refuses an argument the tool accepts");
  }
  if (byProvider.length === 0 && byTool.length > 0) {
    problems.add(byTool, "the tool refuses an argument the provider's schema admits");
  }
}
