/**
 * The mode the agent's harness set, as Codex's environment context tells the model (`<sandbox_mode>`,
 * `<approval_policy>`, `<network_access>`): a constraint of the work a successor must keep (one that forgets a
 * read-only sandbox tries to write and fails). Only the latest context's mode stands; the summary states it as a line.
 */

/** The value of one `<tag>…</tag>` of a context block, if it has one. */
function tagValue(text: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>\\s*([^<]+?)\\s*</${tag}>`).exec(text)?.[1];
}

/** The mode a context block sets, as a summary line ("Sandbox mode read-only; approval policy on-request; …"). */
export function harnessModeLine(text: string): string | undefined {
  const sandbox = tagValue(text, 'sandbox_mode');
  const approval = tagValue(text, 'approval_policy');
  if (sandbox === undefined && approval === undefined) return undefined;
  const network = tagValue(text, 'network_access');
  const parts = [
    sandbox === undefined ? undefined : `Sandbox mode ${sandbox}`,
    approval === undefined ? undefined : `approval policy ${approval}`,
    network === undefined ? undefined : `network access ${network}`,
  ].filter((part): part is string => part !== undefined);
  return `${parts.join('; ')}.`;
}
