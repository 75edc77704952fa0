import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { entries, specifierOf } from "./tsup.config";

// `toolwright/...` resolves to the entry's source, as tsconfig.json "paths" does for tsc and tsx.
const alias = entries.flatMap((entry) =>
  entry.subpath === undefined
    ? []
    : [
        {
          find: new RegExp(`^${specifierOf(entry.subpath)}$`),
          replacement: resolve(import.meta.dirname, entry.source),
        },
      ],
);

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["test/**/*.test.ts"],
    // `require` of TypeScript, for the converters the source loads on demand.
    setupFiles: ["test/require-ts.ts"],
    // Timeouts guard against hangs, never measure speed: with two files at a time a test
    // that starts a few child processes ran five times slower in CI than alone (over 30 s
    // for 6 s of work), so the bound leaves that margin and more.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time: most of them spend their time waiting on child processes (the
    // CLI, servers, package installs), and vitest's default on 2 cores is one worker.
    maxWorkers: 2,
  },
});
