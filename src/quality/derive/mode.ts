/**
 * The mode the agent works in, as the agent's harness told the model: Codex's environment context (`<sandbox_mode>`,
 * `<approval_policy>`, `<network_access>`). A successor that forgets a read-only sandbox tries to write and fails; one
 * that forgets the user lifted the approvals stops to ask. Only the latest mode before the cut is a fact: an earlier
 * one it replaced is history, and is said as what it replaced.
 */
import type { Message } from '../../session/types.ts';
import { contentText } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';

/** A mode as the environment context states it. */
type Mode = { sandbox?: string; approval?: string; network?: string };

/** The value of one `<tag>…</tag>` of an environment context, if it has one. */
function tagValue(text: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>\\s*([^<]+?)\\s*</${tag}>`).exec(text)?.[1];
}

/** The mode an environment context message states, or undefined when it states none. */
export function modeOf(message: Message): Mode | undefined {
  if (message.role !== 'user' || message.context !== 'environment') return undefined;
  const text = contentText(message.content);
  const mode: Mode = {
    sandbox: tagValue(text, 'sandbox_mode'),
    approval: tagValue(text, 'approval_policy'),
    network: tagValue(text, 'network_access'),
  };
  return mode.sandbox || mode.approval ? mode : undefined;
}

// What each sandbox mode lets the agent do, in words a summary would use (no negation: a fact said with "not" reads
// as its opposite), and the two words that name it ("read-only" reads as "read only").
const SANDBOX_WORDS: Record<string, { says: string; names: string[] }> = {
  'read-only': {
    says: 'a read-only sandbox: the agent may read files, and writing them needs approval',
    names: ['read only', 'read-only sandbox', 'read-only mode'],
  },
  'workspace-write': {
    says: 'a workspace-write sandbox: the agent may write inside the workspace only',
    names: ['workspace write'],
  },
  'danger-full-access': {
    says: 'full access (sandbox danger-full-access): the agent may write anywhere',
    names: ['full access'],
  },
};

// What each approval policy asks of the agent.
const APPROVAL_WORDS: Record<string, string> = {
  never: 'approval policy never: commands and edits run straight away, unasked',
  'on-request': 'approval policy on-request: the agent asks the user before anything the sandbox forbids',
  'on-failure': 'approval policy on-failure: the user is asked when a sandboxed command fails',
  untrusted: 'approval policy untrusted: the user approves every command outside a trusted few',
};

/** The mode in words: sandbox, approvals, network. */
function modeWords(mode: Mode): string {
  const sandbox = mode.sandbox ? (SANDBOX_WORDS[mode.sandbox]?.says ?? `sandbox ${mode.sandbox}`) : undefined;
  const approval = mode.approval
    ? (APPROVAL_WORDS[mode.approval] ?? `approval policy ${mode.approval}`)
    : undefined;
  const network = mode.network ? `network access ${mode.network}` : undefined;
  return [sandbox, approval, network].filter(Boolean).join('; ');
}

/** Whether two modes are one. */
const sameMode = (a: Mode, b: Mode) =>
  a.sandbox === b.sandbox && a.approval === b.approval && a.network === b.network;

/**
 * One constraint for the mode in force at the end of `messages` (the cut), set where it was last stated; when it
 * replaced an earlier mode, the statement says from what. None when no message states a mode.
 */
export function modeProbes(messages: readonly Message[]): DraftProbe[] {
  const stated = messages.flatMap((message, messageIndex) => {
    const mode = modeOf(message);
    return mode ? [{ mode, messageIndex }] : [];
  });
  const latest = stated[stated.length - 1];
  if (!latest) return [];
  // Where the mode in force was first set: a restatement of the same mode does not change it.
  let from = stated.length - 1;
  while (from > 0 && sameMode(stated[from - 1]!.mode, latest.mode)) from--;
  const earlier = from > 0 ? stated[from - 1]!.mode : undefined;
  const names = latest.mode.sandbox ? SANDBOX_WORDS[latest.mode.sandbox]?.names : undefined;
  // A second facet of a plain word (the network's "restricted", the approvals' "never"): the sandbox's name alone
  // ("read-only") is an identifier, which a bag of the session's identifiers holds.
  const plain = [latest.mode.network, latest.mode.approval].find((value) => value && /^[a-z]+$/.test(value));
  if (!names || !plain) return [];
  // The approval policy's words say the mode as well ("read-only" and "on-request" go together).
  const approval = latest.mode.approval?.includes('-') ? [latest.mode.approval.replace(/-/g, ' ')] : [];
  // The network's word is also said by the approval policy's, named ("net on", "approval never"): both say what the
  // agent may do unasked, and "never" alone is a negation, not a name.
  const unasked =
    plain === latest.mode.network && latest.mode.approval && /^[a-z]+$/.test(latest.mode.approval)
      ? [`approval ${latest.mode.approval}`]
      : [];
  const facets = [
    [...names, ...approval],
    [plain, ...unasked],
  ];
  const words = modeWords(latest.mode);
  const statement = earlier
    ? `The agent now works in ${words}; it began in ${modeWords(earlier)}.`
    : `The agent works in ${words}.`;
  return [
    {
      kind: 'constraint',
      messageIndex: stated[from]!.messageIndex,
      question: 'In what mode does the agent work now: what may it do without asking the user?',
      answer: `The environment states: ${statement}`,
      facets,
      statement,
    },
  ];
}
