// One instance of each branded class, built or provoked through one copy of toolwright.
// CommonJS so that both the import probes and the require probe can load it.
"use strict";

/**
 * @param {{ root: any, openai: any, anthropic: any }} copy the `toolwright`,
 *   `toolwright/openai` and `toolwright/anthropic` namespaces of one copy of the package
 * @param {any} z the Zod the schemas are written with
 * @returns {Promise<Record<string, object>>} an instance of each class, keyed by class name
 */
async function specimens({ root, openai, anthropic }, z) {
  const addNote = root.defineTool({
    description: "Add a note",
    parameters: z.object({ text: z.string().describe("The note's text") }),
    returns: z.object({ id: z.string().describe("The note's id") }),
    execute: ({ text }) => ({ id: `note-${text}` }),
  });
  const brokenNote = root.defineTool({
    description: "Return an id that is not a string",
    parameters: z.object({}),
    returns: z.object({ id: z.string().describe("The note's id") }),
    execute: () => ({ id: 1 }),
  });
  const echo = root.definePlay({
    description: "Echo a text",
    parameters: z.object({ text: z.string().describe("The text") }),
    returns: z.object({ text: z.string().describe("The same text") }),
    execute: ({ text }) => ({ text }),
  });
  const manual = new root.TextManual("guide", "# Notes\nAdd a note with add_note.");
  const toolbox = root.toolbox("notes", "Note tools", {
    add_note: addNote,
    broken_note: brokenNote,
  });
  const playbook = root.playbook("recipes", "Note recipes", { echo });
  const scope = new root.SessionScope({
    user: { label: "User", schema: z.string(), default: "ada" },
  });
  const argumentsError = await rejection(toolbox.execute("add_note", { text: 1 }));
  // A call past its timeoutMs fails with the ToolTimeoutError its ctx.signal aborted with.
  const waiting = root.capability({
    name: "waiting",
    description: "Waits",
    toolbox: root.toolbox("waiting", "Waiting tools", {
      wait: root.defineTool({
        description: "Wait until aborted",
        parameters: z.object({}),
        controls: { timeoutMs: 1 },
        execute: (_args, ctx) =>
          new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve(null))),
      }),
    }),
  });
  const timedOut = await root.toolSet([waiting]).call("wait", {});
  // A streamed partial that its partial schema rejects fails the call with a PartialResultError.
  const streaming = root.toolbox("streaming", "Streaming tools", {
    count: root.defineTool({
      description: "Count",
      parameters: z.object({}),
      partial: z.object({ step: z.number() }),
      async *execute() {
        yield { step: "one" };
        return "done";
      },
    }),
  });
  const partialError = await rejection(streaming.execute("count", {}));
  // A call that needs approval, where nobody can be asked, fails closed.
  const gated = root.toolbox("gated", "Gated tools", {
    wipe: root.defineTool({
      description: "Wipe everything",
      parameters: z.object({}),
      controls: { needsApproval: true },
      execute: () => "wiped",
    }),
  });
  const approvalError = await rejection(gated.execute("wipe", {}));
  // A caller without a required scope is refused; a declared-only tool is the client's.
  const access = root.toolbox("access", "Access", {
    write: root.defineTool({
      description: "Write",
      parameters: z.object({}),
      controls: { requiredScopes: ["notes:write"] },
      execute: () => "written",
    }),
    ask: root.defineTool({ description: "Ask the user", parameters: z.object({}) }),
  });
  const forbiddenError = await rejection(access.execute("write", {}));
  const clientToolError = await rejection(access.execute("ask", {}));
  const failing = root.toolbox("failing", "Failing tools", {
    fail: root.defineTool({
      description: "Fail with a text for the model",
      parameters: z.object({}),
      execute: () => {
        throw new root.ToolError("NOT_FOUND: nothing to fail on");
      },
    }),
  });
  return {
    Toolbox: toolbox,
    ManualToolbox: new root.ManualToolbox(manual),
    Playbook: playbook,
    Capability: root.capability({
      name: "notes",
      description: "Notes",
      toolbox,
      manual,
      playbook,
    }),
    Manual: manual,
    TextManual: manual,
    SessionScope: scope,
    ToolwrightError: argumentsError,
    ToolArgumentsError: argumentsError,
    ToolOutputError: await rejection(toolbox.execute("broken_note", {})),
    UnknownToolError: await rejection(toolbox.execute("missing", {})),
    SchemaProjectionError: thrown(() => root.projectParameters("bare", z.string())),
    ScopeUnavailableError: thrown(() => root.requireScope({})),
    ScopeValidationError: thrown(() => scope.bind({ user: 1 })),
    ToolTimeoutError: timedOut.cause,
    PartialResultError: partialError,
    ApprovalRequiredError: approvalError,
    ToolForbiddenError: forbiddenError,
    ClientToolError: clientToolError,
    // Raised by an MCP server's ctx.elicit and ctx.sample; made here as a tool would see it.
    ClientRequestError: new root.ClientRequestError("elicit", "unsupported", "no client"),
    // A tool's own failure for the model, thrown through Toolbox.execute as it is.
    ToolError: await rejection(failing.execute("fail", {})),
    // One class for both strict adapters: the OpenAI one provoked here, the Anthropic one
    // checked to be an instance of the same class by both-formats.mjs.
    StrictSchemaError: thrown(() =>
      openai.openAIStrictParameters("site", z.object({ site: z.string().url() })),
    ),
    AnthropicStrictSchemaError: thrown(() =>
      anthropic.anthropicStrictParameters(
        "tags",
        z.object({ tags: z.record(z.string(), z.string()) }),
      ),
    ),
  };
}

async function rejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

function thrown(run) {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

module.exports = { specimens };
