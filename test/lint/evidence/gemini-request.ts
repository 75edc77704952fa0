/**
 * The `@google/genai` request path: a function declaration sent through the SDK's own
 * `generateContent`, with `fetch` answered locally, and the request body it would have sent.
 * The legacy `parameters` field goes through the SDK's schema processing on the way; the
 * `parametersJsonSchema` field goes as it is.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type FunctionDeclaration, GoogleGenAI } from "@google/genai";

const ai = new GoogleGenAI({ apiKey: "evidence-only" });

/** The declaration as it leaves the SDK, or the SDK's own error. */
export async function sentDeclaration(
  declaration: FunctionDeclaration,
): Promise<{ readonly sent: Record<string, unknown> } | { readonly thrown: string }> {
  const realFetch = globalThis.fetch;
  let body: unknown;
  globalThis.fetch = (async (_url: unknown, init?: { body?: unknown }) => {
    body = JSON.parse(String(init?.body));
    const reply = { candidates: [{ content: { role: "model", parts: [{ text: "ok" }] } }] };
    return new Response(JSON.stringify(reply), { headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  try {
    await ai.models.generateContent({
      model: "gemini-2.5-flash",
      contents: "call the tool",
      config: { tools: [{ functionDeclarations: [structuredClone(declaration)] }] },
    });
  } catch (error) {
    return { thrown: (error as Error).message };
  } finally {
    globalThis.fetch = realFetch;
  }
  const tools = (body as { tools: { functionDeclarations: Record<string, unknown>[] }[] }).tools;
  return { sent: tools[0]?.functionDeclarations[0] ?? {} };
}

/** The fields of the SDK's `Schema` interface (the legacy field's OpenAPI subset), read from its typings. */
export function legacySchemaFields(): ReadonlySet<string> {
  const typings = createRequire(import.meta.url)
    .resolve("@google/genai")
    .replace(/dist\/.*$/, "dist/genai.d.ts");
  const text = readFileSync(typings, "utf8");
  const start = text.indexOf("export declare interface Schema {");
  const body = text.slice(start, text.indexOf("\n}", start));
  return new Set([...body.matchAll(/^ {4}(\w+)\?:/gm)].map((match) => match[1] as string));
}
