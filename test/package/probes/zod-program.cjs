// A user's program over the installed package, shared by zod-program.mjs (ESM) and
// zod-program-require.cjs (CommonJS): tools with raw shapes and with z.object, called
// through Toolbox.execute and toolSet(...).call, a capability with a manual, deferred
// loading (the catalog's tools), and every target projected. `z` is the Zod the program
// writes its schemas with (`zod`, or `zod/v3`). Returns what it found, for the test.
"use strict";

/**
 * @param {any} toolwright the package, in the program's format
 * @param {any} z the Zod namespace the schemas are written with
 */
async function runProgram(toolwright, z) {
  const { capability, defineTool, TextManual, toolbox, toolSet } = toolwright;
  const forecast = defineTool({
    description: "Forecast the weather",
    parameters: { city: z.string().describe("The city") },
    returns: z.object({ sky: z.string() }),
    execute: ({ city }) => ({ sky: `clear over ${city}` }),
  });
  const addNote = defineTool({
    description: "Add a note",
    parameters: z.object({ text: z.string(), tags: z.array(z.string()).optional() }),
    execute: ({ text }) => ({ id: `note-${text}` }),
  });
  const box = toolbox("daily", "Daily tools", { forecast, add_note: addNote });
  const daily = capability({
    name: "daily",
    description: "Weather and notes",
    toolbox: box,
    manual: new TextManual("guide", "# Weather\nAsk forecast.\n# Notes\nAsk add_note."),
  });
  const refused = await box.execute("forecast", { city: 1 }).then(
    () => "accepted",
    (error) => error.name,
  );
  const set = toolSet([daily]);
  const deferred = toolSet([daily], { deferLoading: true });
  const targets = ["draft-2020-12", "draft-07", "openapi-3.0"];
  return {
    execute: await box.execute("forecast", { city: "Oslo" }),
    refused,
    call: await set.call("add_note", { text: "a" }),
    manual: await set.call("read_guide_section", { title: "notes" }),
    search: await deferred.call("search_tools", { query: "weather" }),
    describe: (await deferred.call("describe_tools", { names: ["forecast"] })).ok,
    schemas: Object.fromEntries(
      targets.map((target) => {
        const listed = [...set.schemas(target), ...deferred.schemas(target)];
        const city = listed.find((tool) => tool.name === "forecast")?.parameters.properties.city;
        return [target, { types: listed.map((tool) => tool.parameters.type), city }];
      }),
    ),
  };
}

module.exports = { runProgram };
