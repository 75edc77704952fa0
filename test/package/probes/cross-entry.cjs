// How the entries of one module format work together: objects built with the root
// entry, used through every other entry. CommonJS so that the import probe and the
// require probe share it; `load` is `import` or `require`, so each checks its format.
"use strict";

const { specimens } = require("./specimens.cjs");

/**
 * @param {(specifier: string) => Promise<any>} load loads a module in the probe's format
 * @param {any} z the Zod of that format
 */
async function crossEntryFacts(load, z) {
  const [root, lint, check, mcp, openai, anthropic, gemini, aiSdk] = await Promise.all(
    [
      "toolwright",
      "toolwright/lint",
      "toolwright/check",
      "toolwright/mcp",
      "toolwright/openai",
      "toolwright/anthropic",
      "toolwright/gemini",
      "toolwright/ai-sdk",
    ].map(load),
  );
  const made = await specimens({ root, openai, anthropic }, z);
  const capability = made.Capability;
  const set = root.toolSet([capability]);
  const aiSdkTools = aiSdk.aiSdk.list(set).tools;
  return {
    // One copy per format: the entries share the root's and the linter's very objects.
    sameLinter: root.lintModelFacingSchema === lint.lintModelFacingSchema,
    oneStrictSchemaError:
      openai.StrictSchemaError === root.StrictSchemaError &&
      anthropic.StrictSchemaError === root.StrictSchemaError,
    strictSchemaErrorIsToolwrightError: made.StrictSchemaError instanceof root.ToolwrightError,
    strictSchemaErrorCode: made.StrictSchemaError.code,
    toolSet: set.names,
    mcp: await overMcp(
      load,
      mcp.createMcpServer({ name: "notes", version: "1.0.0", tools: [capability] }),
    ),
    openai: {
      tools: openai.chatCompletions.list(set).tools.map((tool) => tool.function.name),
      call: await openai.chatCompletions.run(set, {
        id: "call_1",
        type: "function",
        function: { name: "add_note", arguments: JSON.stringify({ text: "a" }) },
      }),
    },
    anthropic: {
      tools: anthropic.anthropic.list(set).tools.map((tool) => tool.name),
      call: await anthropic.anthropic.run(set, {
        id: "use_1",
        name: "add_note",
        input: { text: "b" },
      }),
    },
    gemini: {
      tools: gemini.gemini.list(set).tools.map((declaration) => declaration.name),
      call: await gemini.gemini.run(set, { name: "add_note", args: { text: "c" } }),
    },
    aiSdk: {
      tools: Object.keys(aiSdkTools),
      call: await aiSdkTools.add_note.execute(
        { text: "d" },
        { toolCallId: "call_1", messages: [] },
      ),
    },
    check: {
      found: check.hasToolwrightObjects([{ name: "notes", value: capability }]),
      toolsChecked: check.sweepModelFacingSchemas({ notes: capability }).toolsChecked,
    },
  };
}

/** Lists and calls the server's tools through the MCP SDK's own client, in memory. */
async function overMcp(load, server) {
  const [{ Client }, { InMemoryTransport }] = await Promise.all([
    load("@modelcontextprotocol/sdk/client/index.js"),
    load("@modelcontextprotocol/sdk/inMemory.js"),
  ]);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "package-test", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    const call = await client.callTool({ name: "add_note", arguments: { text: "e" } });
    return { tools: tools.map((tool) => tool.name), structuredContent: call.structuredContent };
  } finally {
    await client.close();
    await server.close();
  }
}

/** The names of a namespace whose values are classes, sorted. */
function classesOf(namespace) {
  return Object.keys(namespace)
    .filter((name) => {
      const value = namespace[name];
      return (
        typeof value === "function" && /^class\b/.test(Function.prototype.toString.call(value))
      );
    })
    .sort();
}

/** Each exported class's own `name`, by its export name: what stack traces print. */
function classNamesOf(namespace) {
  return Object.fromEntries(classesOf(namespace).map((name) => [name, namespace[name].name]));
}

module.exports = { classesOf, classNamesOf, crossEntryFacts };
