/**
 * `toolwright/gemini`: a tool set as Gemini `functionDeclarations`, and the
 * `functionResponse` for a `functionCall` the model sent. Types come from
 * `@google/genai` (an optional peer dependency, types only).
 *
 * The schemas go in `parametersJsonSchema` / `responseJsonSchema` (JSON Schema
 * 2020-12) by default. The legacy OpenAPI-subset `parameters`, which rejects whole
 * requests for `additionalProperties`, `const`, `$ref` and more, and loses tuple
 * positions, is an option (`field: "parameters"`) for paths that take only it.
 *
 * @example
 * ```ts
 * import { runGeminiFunctionCall, toGeminiFunctionDeclarations } from "toolwright/gemini";
 * const response = await ai.models.generateContent({
 *   model, contents,
 *   config: { tools: [{ functionDeclarations: toGeminiFunctionDeclarations(set) }] },
 * });
 * for (const call of response.functionCalls ?? []) {
 *   contents.push({ role: "user", parts: [{ functionResponse: await runGeminiFunctionCall(set, call) }] });
 * }
 * ```
 *
 * @module
 */
import type { FunctionCall, FunctionDeclaration, FunctionResponse, Schema } from "@google/genai";
import type { ToolExecutionContext, ToolSet } from "toolwright";
import { ADAPTER_DIALECTS, type LintDialect } from "toolwright/lint";

/**
 * The lint dialect that describes what Gemini is sent: `"gemini-json-schema"` for the
 * `parametersJsonSchema` {@link toGeminiFunctionDeclarations} fills, `"gemini"` for the legacy
 * `parameters` field (fed `set.schemas("openapi-3.0")`).
 *
 * @example
 * ```ts
 * lintToolSet(set, { dialect: geminiLintDialect() });
 * ```
 */
export function geminiLintDialect(options: GeminiToolOptions = {}): LintDialect {
  return options.field === "parameters"
    ? ADAPTER_DIALECTS["gemini-parameters"]
    : ADAPTER_DIALECTS.gemini;
}

/** Options of {@link toGeminiFunctionDeclarations}. */
export interface GeminiToolOptions {
  /**
   * Which field carries the schemas: `"parametersJsonSchema"` (JSON Schema 2020-12, with
   * `responseJsonSchema`), or the legacy `"parameters"` (the OpenAPI 3.0 projection, with
   * `response`), for models or gateways that take only the legacy field. Lint with
   * `geminiLintDialect({ field: "parameters" })`: that field fails whole requests on keywords
   * outside its subset. @default "parametersJsonSchema"
   */
  readonly field?: "parametersJsonSchema" | "parameters";
}

/**
 * `functionDeclarations`: name, description, `parametersJsonSchema` and, when declared,
 * `responseJsonSchema`; or, with `field: "parameters"`, `parameters` and `response`.
 *
 * @example
 * ```ts
 * const functionDeclarations = toGeminiFunctionDeclarations(set, { field: "parameters" });
 * ```
 */
export function toGeminiFunctionDeclarations(
  set: ToolSet,
  options: GeminiToolOptions = {},
): FunctionDeclaration[] {
  if (options.field === "parameters") return legacyDeclarations(set);
  return set.schemas("draft-2020-12").map((schema) => ({
    name: schema.name,
    description: schema.description,
    parametersJsonSchema: structuredClone(schema.parameters),
    ...(schema.returns !== undefined && { responseJsonSchema: structuredClone(schema.returns) }),
  }));
}

// The legacy fields take `Schema` (an OpenAPI 3.0 subset); `@google/genai` itself turns
// what it can (type arrays, `additionalProperties: false`) into that subset.
function legacyDeclarations(set: ToolSet): FunctionDeclaration[] {
  return set.schemas("openapi-3.0").map((schema) => ({
    name: schema.name,
    description: schema.description,
    parameters: structuredClone(schema.parameters) as Schema,
    ...(schema.returns !== undefined && { response: structuredClone(schema.returns) as Schema }),
  }));
}

/**
 * Runs a `functionCall` through the set and answers with the `functionResponse` Gemini
 * expects: `{ output: value }` on success, `{ error: message }` on failure. Never rejects.
 */
export async function runGeminiFunctionCall(
  set: ToolSet,
  call: FunctionCall,
  ctx?: ToolExecutionContext,
): Promise<FunctionResponse> {
  const name = call.name ?? "";
  const outcome = await set.call(name, call.args ?? {}, ctx);
  const response = outcome.ok ? { output: outcome.value } : { error: outcome.error };
  return { name, ...(call.id !== undefined && { id: call.id }), response };
}
