/** Runs an example as a script, as `npx tsx examples/…` would. */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * What the example at `path` prints, and the label of each line (the text before its
 * first `:`).
 */
export async function scriptSteps(path: string): Promise<{ stdout: string; steps: string[] }> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", path], {
    cwd: ROOT,
  });
  const steps = stdout
    .trim()
    .split("\n")
    .map((line) => line.slice(0, line.indexOf(":")));
  return { stdout, steps };
}
