/**
 * `toolwright/gemini`: a tool set as Gemini `functionDeclarations`, and the
 * `functionResponse` for a `functionCall` the model sent. Types come from
 * `@google/genai` (an optional peer dependency, types only).
 *
 * The schemas go in `parametersJsonSchema` / `responseJsonSchema` (JSON Schema
 * 2020-12), not the legacy OpenAPI-subset `parameters`, which rejects whole requests
 * for `additionalProperties`, `const`, `$ref` and more, and loses tuple positions.
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
import type { FunctionCall, FunctionDeclaration, FunctionResponse } from "@google/genai";
import type { ToolExecutionContext, ToolSet } from "toolwright";

/** `functionDeclarations`: name, description, `parametersJsonSchema` and, when declared, `responseJsonSchema`. */
export function toGeminiFunctionDeclarations(set: ToolSet): FunctionDeclaration[] {
  return set.schemas("draft-2020-12").map((schema) => ({
    name: schema.name,
    description: schema.description,
    parametersJsonSchema: structuredClone(schema.parameters),
    ...(schema.returns !== undefined && { responseJsonSchema: structuredClone(schema.returns) }),
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
