/** Tools in the style of the MCP reference filesystem and git servers. */
import type { CorpusEntry } from "./entry.js";

const FS = "MCP filesystem server";
const GIT = "MCP git server";

export const FILES_AND_GIT: readonly CorpusEntry[] = [
  {
    name: "read_text_file",
    style: FS,
    build: (z) =>
      z.object({
        path: z.string().describe("Absolute path of the file to read"),
        head: z.number().optional().describe("Return only the first N lines"),
        tail: z.number().optional().describe("Return only the last N lines"),
      }),
    sample: { path: "/srv/project/README.md", head: 20 },
  },
  {
    name: "write_file",
    style: FS,
    build: (z) =>
      z.object({
        path: z.string().describe("Where to write"),
        content: z.string().describe("The full new content of the file"),
      }),
    sample: { path: "/srv/project/notes.txt", content: "hello" },
  },
  {
    name: "edit_file",
    style: FS,
    build: (z) =>
      z.object({
        path: z.string(),
        edits: z
          .array(
            z.object({
              oldText: z.string().describe("Text to search for; must match exactly"),
              newText: z.string().describe("Text to replace it with"),
            }),
          )
          .describe("Edits applied in order"),
        dryRun: z.boolean().default(false).describe("Preview the diff without writing"),
      }),
    sample: { path: "/srv/a.ts", edits: [{ oldText: "let", newText: "const" }] },
  },
  {
    name: "list_directory_with_sizes",
    style: FS,
    build: (z) =>
      z.object({
        path: z.string(),
        sortBy: z
          .enum(["name", "size"])
          .optional()
          .default("name")
          .describe("Sort entries by name or by size"),
      }),
    sample: { path: "/srv", sortBy: "size" },
  },
  {
    name: "search_files",
    style: FS,
    build: (z) =>
      z.object({
        path: z.string().describe("Directory to search from"),
        pattern: z.string().describe("Glob pattern, e.g. **/*.ts"),
        excludePatterns: z.array(z.string()).optional().default([]),
      }),
    sample: { path: "/srv", pattern: "**/*.md" },
  },
  {
    name: "move_file",
    style: FS,
    build: (z) => z.object({ source: z.string(), destination: z.string() }),
    sample: { source: "/srv/a.txt", destination: "/srv/b.txt" },
  },
  {
    name: "read_multiple_files",
    style: FS,
    build: (z) =>
      z.object({
        paths: z.array(z.string()).min(1).describe("Paths of the files to read"),
      }),
    sample: { paths: ["/srv/a.txt", "/srv/b.txt"] },
  },
  {
    name: "git_log",
    style: GIT,
    build: (z) =>
      z.object({
        repo_path: z.string(),
        max_count: z.number().int().positive().default(10).describe("Maximum commits to show"),
        start_timestamp: z.string().optional().describe("ISO 8601 or relative, e.g. '2 weeks ago'"),
        end_timestamp: z.string().optional(),
      }),
    sample: { repo_path: "/srv/repo", max_count: 5 },
  },
  {
    name: "git_diff",
    style: GIT,
    build: (z) =>
      z.object({
        repo_path: z.string(),
        target: z.string().describe("Branch or commit to diff against"),
        context_lines: z.number().int().min(0).default(3),
      }),
    sample: { repo_path: "/srv/repo", target: "main" },
  },
  {
    name: "git_commit",
    style: GIT,
    build: (z) =>
      z.object({ repo_path: z.string(), message: z.string().describe("Commit message") }),
    sample: { repo_path: "/srv/repo", message: "Fix typo" },
  },
];
