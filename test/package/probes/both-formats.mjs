// One process, both copies of the package: the ESM build through `import`, the CommonJS
// build through `createRequire`. Builds or provokes an instance of every branded class
// with each copy and checks `instanceof` against the other copy's class. Prints what it
// found as JSON; the test asserts on it.
import { createRequire } from "node:module";
import * as esmRoot from "toolwright";
import * as esmAnthropic from "toolwright/anthropic";
import * as esmOpenai from "toolwright/openai";
import * as esmZod from "zod";
import { specimens } from "./specimens.cjs";

const require = createRequire(import.meta.url);
const esm = { root: esmRoot, openai: esmOpenai, anthropic: esmAnthropic };
const cjs = {
  root: require("toolwright"),
  openai: require("toolwright/openai"),
  anthropic: require("toolwright/anthropic"),
};
const made = { esm: await specimens(esm, esmZod), cjs: await specimens(cjs, require("zod")) };

/** The class of that name in one copy. */
function classOf(copy, name) {
  return copy.root[name];
}

// One specimen per branded class; the Anthropic strict-schema error is checked apart.
const { AnthropicStrictSchemaError: _anthropic, ...branded } = made.esm;
const classes = {};
for (const name of Object.keys(branded)) {
  classes[name] = {
    twoCopies: classOf(esm, name) !== classOf(cjs, name),
    esmInstanceOfEsm: made.esm[name] instanceof classOf(esm, name),
    cjsInstanceOfCjs: made.cjs[name] instanceof classOf(cjs, name),
    cjsInstanceOfEsm: made.cjs[name] instanceof classOf(esm, name),
    esmInstanceOfCjs: made.esm[name] instanceof classOf(cjs, name),
  };
}

// The brand answers for its own class only: these must all be false.
const unrelated = [
  ["Toolbox", "Playbook"],
  ["Playbook", "Toolbox"],
  ["Capability", "Toolbox"],
  ["Toolbox", "ManualToolbox"],
  ["SessionScope", "Manual"],
  ["ToolArgumentsError", "ToolOutputError"],
  ["UnknownToolError", "StrictSchemaError"],
  ["ToolTimeoutError", "ToolArgumentsError"],
  ["PartialResultError", "ToolTimeoutError"],
  ["ApprovalRequiredError", "ToolArgumentsError"],
  ["ClientRequestError", "ToolTimeoutError"],
  ["ToolForbiddenError", "ApprovalRequiredError"],
  ["ClientToolError", "ClientRequestError"],
  ["ToolError", "ToolwrightError"],
  ["ToolArgumentsError", "ToolError"],
];
const wronglyInstances = [];
for (const [specimen, name] of unrelated) {
  for (const [from, to] of [
    ["esm", cjs],
    ["cjs", esm],
  ]) {
    if (made[from][specimen] instanceof classOf(to, name)) {
      wronglyInstances.push(`${from} ${specimen} instanceof ${name}`);
    }
  }
}
if (new Error("plain") instanceof esm.root.ToolwrightError) wronglyInstances.push("plain Error");

// Every error of one copy is a ToolwrightError of the other: names of those that are not.
// A ToolError is the tool's own failure, not one toolwright raises: checked apart above.
const errors = Object.keys(branded).filter(
  (name) => made.esm[name] instanceof Error && name !== "ToolError",
);
const notToolwrightErrors = errors.filter(
  (name) =>
    !(made.esm[name] instanceof cjs.root.ToolwrightError) ||
    !(made.cjs[name] instanceof esm.root.ToolwrightError),
);

// Both strict adapters throw the one StrictSchemaError class, whichever copy asks.
const anthropicStrict = ["esm", "cjs"].flatMap((from) =>
  [esm, cjs].map((to) => {
    const error = made[from].AnthropicStrictSchemaError;
    return error instanceof to.root.StrictSchemaError && error.target === "anthropic";
  }),
);

// Objects of one copy used through the other copy's functions.
const mixed = {
  esmToolSetOverCjsCapability: await esm.root
    .toolSet([made.cjs.Capability])
    .call("add_note", { text: "x" }),
  cjsToolSetOverEsmCapability: await cjs.root
    .toolSet([made.esm.Capability])
    .call("add_note", { text: "y" }),
};

process.stdout.write(
  JSON.stringify({
    classes,
    errors,
    notToolwrightErrors,
    wronglyInstances,
    anthropicStrict,
    mixed,
  }),
);
