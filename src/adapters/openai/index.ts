/**
 * `toolwright/openai`: a tool set as OpenAI function tools, for Chat Completions
 * (`chatCompletions`) and the Responses API (`responses`), each an adapter with the same
 * verbs as every other: `list` the tools (with an optional `strict` mode and its ledger),
 * `decode` a model's call, `encode` any outcome, and `run`, which does all three and
 * settles approval. Types come from the `openai` package (an optional peer dependency,
 * types only).
 *
 * @example
 * ```ts
 * import { chatCompletions } from "toolwright/openai";
 * const { tools } = chatCompletions.list(set, { strict: true });
 * const completion = await openai.chat.completions.create({ model, messages, tools });
 * const reply = completion.choices[0]?.message;
 * for (const call of reply?.tool_calls ?? []) {
 *   if (call.type === "function") messages.push(await chatCompletions.run(set, call, { strict: true }));
 * }
 * ```
 *
 * @module
 */
export { StrictSchemaError } from "toolwright";
export {
  type ChatCompletionsCall,
  type ChatCompletionsOptions,
  chatCompletions,
} from "./chat-completions";
export type { OpenAIToolOptions } from "./functions";
export {
  type ResponsesCall,
  type ResponsesCatalogOptions,
  type ResponsesNativeOptions,
  type ResponsesTool,
  responses,
} from "./responses";
export { type OpenAIStrictSchema, openAIStrictParameters, toOpenAIStrict } from "./strict";
