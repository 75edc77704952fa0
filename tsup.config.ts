import { defineConfig } from "tsup";

// One entry per public subpath; package.json "exports" lists the same names.
const entry = {
  index: "src/index.ts",
  lint: "lint/index.ts",
  cli: "src/cli.ts",
  mcp: "src/adapters/mcp.ts",
  openai: "src/adapters/openai.ts",
  anthropic: "src/adapters/anthropic.ts",
  gemini: "src/adapters/gemini.ts",
  "ai-sdk": "src/adapters/ai-sdk.ts",
  // more entries: one line each, "name": "path"
};

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  treeshake: true,
});
