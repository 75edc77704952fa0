import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

it("npm run demo prints the transcript and exits 0", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "tools/demo.ts"],
    {
      cwd: root,
    },
  );
  expect(stdout).toContain("4. tools/list");
  expect(stdout).toContain("isError: tool 'list_meetings' received invalid arguments");
  expect(stdout).toContain('structuredContent: {"slug":"quarterly-planning","days":2}');
  expect(stdout.trimEnd().endsWith("demo: ok")).toBe(true);
});
