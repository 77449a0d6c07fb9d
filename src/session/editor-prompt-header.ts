/**
 * What the user typed of a prompt an editor extension wrapped: Codex in VS Code or Cursor sends "# Context from my IDE
 * setup: ## Open tabs: … ## My request for Codex: …", so the editor's open tabs come before the user's own words.
 */

// The header up to and including the line that introduces what the user typed.
const TYPED_AFTER = /^[\s\S]*?#+\s*My request for \w+:\s*/;

/** What the user typed of a prompt: after an editor's context header, when there is one; else the prompt. */
export function typedRequest(text: string): string {
  return text.replace(TYPED_AFTER, '');
}
