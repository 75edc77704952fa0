// Loads every subpath named on the command line with `import`, then checks how the
// entries work together. Prints what it found as JSON; the test asserts on it.
import { fileURLToPath } from "node:url";
import * as z from "zod";
import { classesOf, classNamesOf, crossEntryFacts } from "./cross-entry.cjs";

const namespaces = {};
for (const specifier of process.argv.slice(2)) {
  const namespace = await import(specifier);
  namespaces[specifier] = {
    file: fileURLToPath(import.meta.resolve(specifier)),
    exports: Object.keys(namespace).sort(),
    classes: classesOf(namespace),
    classNames: classNamesOf(namespace),
  };
}
const crossEntry = await crossEntryFacts((specifier) => import(specifier), z);
process.stdout.write(JSON.stringify({ namespaces, crossEntry }));
