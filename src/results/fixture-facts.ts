/** What every strategy's result on a fixture is measured against, computed once per fixture. */
import { createMatcher, type TextIndex } from '../quality/match.ts';
import type { Probe } from '../quality/probes.ts';
import { sessionProbes } from '../quality/session-probes.ts';
import type { StructureExpectations } from '../quality/types.ts';
import { type FileLists, fileLists } from '../session/file-operations.ts';
import { freezeSession } from '../session/freeze.ts';
import type { Session } from '../session/types.ts';
import { headSession } from '../strategies/tail.ts';
import { countMessages, type Tokenizer } from '../tokens.ts';
import { renderMessages } from '../transcript.ts';

/** Facts about a fixture that every strategy's scoring shares. */
export type FixtureFacts = {
  session: Session;
  tokensBefore: number;
  probes: Probe[];
  /** The sidecar the probes came from; null when they were derived from the transcript for this run. */
  probeFile: string | null;
  files: FileLists;
  /** The whole transcript rendered without truncation, where invented paths are looked up. */
  transcriptText: string;
  /** The transcript prepared once for matching. */
  transcriptMatcher: TextIndex;
  /** What the transcript has content for (summary sections standing for it may not be placeholders). */
  expectations: StructureExpectations;
};

/**
 * The facts of one loaded session: its size, probes, files and the transcript as text. The probes are the
 * sidecar's when the session has one (a reviewed file wins), else derived from the transcript (docs/derived-probes.md).
 */
export async function fixtureFacts(session: Session, tokenizer: Tokenizer): Promise<FixtureFacts> {
  const { probes, file } = await sessionProbes(session);
  return factsOf(session, tokenizer, probes, file);
}

/**
 * The facts of the session as it stood before message `end` (a recorded compaction): its messages, files
 * and the probes planted before that point. A probe with no `messageIndex` cannot be placed and is left out.
 */
export function prefixFacts(facts: FixtureFacts, end: number, tokenizer: Tokenizer): FixtureFacts {
  const probes = facts.probes.filter((probe) => probe.messageIndex !== undefined && probe.messageIndex < end);
  return factsOf(headSession(facts.session, end), tokenizer, probes, facts.probeFile);
}

function factsOf(
  session: Session,
  tokenizer: Tokenizer,
  probes: Probe[],
  probeFile: string | null,
): FixtureFacts {
  // Every strategy reads this one session: none may change what the others see.
  freezeSession(session);
  const tokensBefore = countMessages(tokenizer, session.messages).reduce((sum, tokens) => sum + tokens, 0);
  const transcriptText = renderMessages(session.messages, { toolResultChars: Number.POSITIVE_INFINITY });
  const files = fileLists(session.fileOperations);
  const kinds = new Set(probes.map((probe) => probe.kind));
  return {
    session,
    tokensBefore,
    probes,
    probeFile,
    files,
    transcriptText,
    transcriptMatcher: createMatcher(transcriptText),
    expectations: {
      constraints: kinds.has('constraint'),
      decisions: kinds.has('decision'),
      errors:
        kinds.has('error') ||
        session.messages.some((message) => message.role === 'toolResult' && message.isError),
      files: files.read.length + files.modified.length > 0,
      nextSteps: kinds.has('next-step'),
    },
  };
}
