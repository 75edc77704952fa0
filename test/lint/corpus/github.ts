/** Tools in the style of GitHub MCP servers. */
import type { CorpusEntry } from "./entry.js";

const GH = "GitHub MCP server";

export const GITHUB: readonly CorpusEntry[] = [
  {
    name: "create_issue",
    style: GH,
    build: (z) =>
      z.object({
        owner: z.string().describe("Repository owner"),
        repo: z.string().describe("Repository name"),
        title: z.string(),
        body: z.string().optional(),
        assignees: z.array(z.string()).optional(),
        labels: z.array(z.string()).optional(),
        milestone: z.number().optional(),
      }),
    sample: { owner: "acme", repo: "web", title: "Crash on load", labels: ["bug"] },
  },
  {
    name: "create_pull_request",
    style: GH,
    build: (z) =>
      z.object({
        owner: z.string(),
        repo: z.string(),
        title: z.string(),
        body: z.string().optional(),
        head: z.string().describe("The branch where your changes are implemented"),
        base: z.string().describe("The branch you want the changes pulled into"),
        draft: z.boolean().optional(),
        maintainer_can_modify: z.boolean().optional(),
      }),
    sample: { owner: "acme", repo: "web", title: "Add login", head: "feat/login", base: "main" },
  },
  {
    name: "search_repositories",
    style: GH,
    build: (z) =>
      z.object({
        query: z.string().describe("Search query (see GitHub search syntax)"),
        page: z.number().int().min(1).optional().describe("Page number for pagination"),
        perPage: z.number().int().min(1).max(100).optional().describe("Results per page"),
      }),
    sample: { query: "language:rust stars:>100", perPage: 10 },
  },
  {
    name: "create_or_update_file",
    style: GH,
    build: (z) =>
      z.object({
        owner: z.string(),
        repo: z.string(),
        path: z.string().describe("Path where to create/update the file"),
        content: z.string(),
        message: z.string().describe("Commit message"),
        branch: z.string(),
        sha: z.string().optional().describe("SHA of the file being replaced, when updating"),
      }),
    sample: {
      owner: "acme",
      repo: "web",
      path: "docs/a.md",
      content: "# A",
      message: "docs",
      branch: "main",
    },
  },
  {
    name: "push_files",
    style: GH,
    build: (z) =>
      z.object({
        owner: z.string(),
        repo: z.string(),
        branch: z.string(),
        files: z.array(z.object({ path: z.string(), content: z.string() })),
        message: z.string(),
      }),
    sample: {
      owner: "acme",
      repo: "web",
      branch: "main",
      files: [{ path: "a.txt", content: "a" }],
      message: "Add a",
    },
  },
  {
    name: "list_issues",
    style: GH,
    build: (z) =>
      z.object({
        owner: z.string(),
        repo: z.string(),
        state: z.enum(["open", "closed", "all"]).optional(),
        labels: z.array(z.string()).optional(),
        sort: z.enum(["created", "updated", "comments"]).optional(),
        direction: z.enum(["asc", "desc"]).optional(),
        since: z.string().optional().describe("ISO 8601 timestamp"),
        page: z.number().optional(),
        per_page: z.number().optional(),
      }),
    sample: { owner: "acme", repo: "web", state: "open" },
  },
  {
    name: "create_pull_request_review",
    style: GH,
    build: (z) =>
      z.object({
        owner: z.string(),
        repo: z.string(),
        pull_number: z.number(),
        body: z.string().describe("The body text of the review"),
        event: z.enum(["APPROVE", "REQUEST_CHANGES", "COMMENT"]),
        comments: z
          .array(
            z.union([
              z.object({
                path: z.string(),
                position: z.number().describe("Line position in the diff"),
                body: z.string(),
              }),
              z.object({
                path: z.string(),
                line: z.number().describe("Line number in the file"),
                body: z.string(),
              }),
            ]),
          )
          .optional(),
      }),
    sample: {
      owner: "acme",
      repo: "web",
      pull_number: 7,
      body: "Looks good",
      event: "APPROVE",
      comments: [{ path: "a.ts", line: 3, body: "nit" }],
    },
  },
  {
    name: "get_file_contents",
    style: GH,
    build: (z) =>
      z.object({
        owner: z.string(),
        repo: z.string(),
        path: z.string(),
        ref: z.string().nullish().describe("Branch, tag or commit; the default branch when null"),
      }),
    sample: { owner: "acme", repo: "web", path: "README.md", ref: null },
  },
];
