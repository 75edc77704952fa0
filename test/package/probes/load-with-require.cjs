// Loads every subpath named on the command line with `require`, then checks how the
// entries work together. Prints what it found as JSON; the test asserts on it.
"use strict";

const z = require("zod");
const { classesOf, classNamesOf, crossEntryFacts } = require("./cross-entry.cjs");

async function main() {
  const namespaces = {};
  for (const specifier of process.argv.slice(2)) {
    const namespace = require(specifier);
    namespaces[specifier] = {
      file: require.resolve(specifier),
      exports: Object.keys(namespace).sort(),
      classes: classesOf(namespace),
      classNames: classNamesOf(namespace),
    };
  }
  const crossEntry = await crossEntryFacts(async (specifier) => require(specifier), z);
  process.stdout.write(JSON.stringify({ namespaces, crossEntry }));
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
