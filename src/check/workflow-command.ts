/**
 * GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`), written in
 * one place: every annotation `toolwright check` prints (findings, ledger entries, lock
 * changes, load errors) goes through {@link workflowCommand}, so the escaping that keeps a
 * message from ending its command early is the same for all of them.
 *
 * @module
 */

/** Where an annotation points and what it is titled; no file for a server or a run. */
export interface WorkflowCommandProperties {
  readonly file?: string | undefined;
  readonly line?: number | undefined;
  readonly title: string;
}

/** `::<level> file=…,line=…,title=…::<message>`, each part escaped as the runner reads it. */
export function workflowCommand(
  level: "error" | "warning" | "notice",
  { file, line, title }: WorkflowCommandProperties,
  message: string,
): string {
  const properties = [
    ...(file === undefined ? [] : [`file=${escapeProperty(file)}`]),
    ...(line === undefined ? [] : [`line=${line}`]),
    `title=${escapeProperty(title)}`,
  ].join(",");
  return `::${level} ${properties}::${escapeData(message)}`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
