import { defineConfig } from "tsup";

// One entry per public subpath; package.json "exports" lists the same names.
const entry = {
  index: "src/index.ts",
  lint: "lint/index.ts",
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
