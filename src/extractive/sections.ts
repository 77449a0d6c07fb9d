/** The output's sections: prescribed by the prompt or our own, and which kinds of facts each one takes. */
import type { FactKind } from './facts.ts';
import { contentWords } from '../text/content-words.ts';

/** How a section's items are written, copied from the prompt's template line under the heading. */
export type BulletStyle = 'dash' | 'checked' | 'unchecked' | 'number';

/** A `## Heading` (or `### Sub`) line the prompt prescribes. */
export type PrescribedHeading = { level: number; title: string; bullet: BulletStyle };

/** One output section and what fills it. */
export type Section = {
  /** The heading line exactly as written out: `## Goal`. */
  heading: string;
  bullet: BulletStyle;
  /** Kinds of facts routed here. */
  kinds: Set<FactKind>;
  /** For a heading no rule knows: word stems a fact must contain to be placed here. */
  keywords: string[];
  /** Has sub-sections, so holds no items itself. */
  parent: boolean;
  /** Prescribed sections are always written, `(none)` when empty; our own are left out when empty. */
  required: boolean;
};

type HeadingRule = { pattern: RegExp; claims: Partial<Record<FactKind, number>> };

const ALL_KINDS: readonly FactKind[] = [
  'task',
  'request',
  'constraint',
  'file-modified',
  'file-read',
  'error-open',
  'error-fixed',
  'decision',
  'done',
  'activity',
  'next',
  'command',
  'detail',
];

// First matching rule wins; a claim's number is how well the heading fits the kind, so a kind goes to
// the section that fits it best (Files beats Done for modified files; Blocked beats Errors for open ones).
// The first claimed kind is what a bullet under such a heading in an earlier summary is taken to be.
const HEADING_RULES: readonly HeadingRule[] = [
  {
    pattern: /\b(?:in[ -]?progress|current|ongoing|active|latest|recent|working on|wip)\b/i,
    claims: { activity: 3 },
  },
  {
    pattern: /\b(?:block|unresolved|open (?:issue|problem|question)|risk|stuck)/i,
    claims: { 'error-open': 3 },
  },
  { pattern: /\b(?:error|bug|fail|issue|problem)/i, claims: { 'error-open': 2, 'error-fixed': 2 } },
  {
    pattern: /\b(?:done|complete|accomplish|finish|achiev|result)/i,
    claims: { done: 3, 'error-fixed': 1, 'file-modified': 1 },
  },
  {
    pattern: /\b(?:progress|status|work)/i,
    claims: { done: 2, activity: 2, 'error-fixed': 1, 'error-open': 1, 'file-modified': 1 },
  },
  {
    pattern: /\b(?:constraint|preference|requirement|rule|guideline|convention)/i,
    claims: { constraint: 3 },
  },
  { pattern: /\b(?:decision|choice|chose|rationale|approach|design|trade)/i, claims: { decision: 3 } },
  { pattern: /\b(?:next|todo|to-do|to do|remaining|pending|plan|follow)/i, claims: { next: 3 } },
  {
    pattern: /\b(?:goal|task|objective|request|intent|purpose|mission|ask)/i,
    claims: { task: 3, request: 3 },
  },
  {
    pattern: /\b(?:file|artifact|path|code change|modif|touched)/i,
    claims: { 'file-modified': 3, 'file-read': 3 },
  },
  { pattern: /\bcommand/i, claims: { command: 3 } },
  {
    pattern: /\b(?:context|critical|reference|detail|fact|data|info|key|identifier|environment)/i,
    claims: { detail: 2, command: 2, 'file-read': 1, 'error-open': 0.5 },
  },
  {
    pattern: /\b(?:summary|overview|general|other|misc|notes?)\b/i,
    claims: Object.fromEntries(ALL_KINDS.map((kind) => [kind, 0.1])),
  },
];

/** Our own sections when the prompt prescribes none: a compact handoff, empty ones left out. */
const DEFAULT_SECTIONS: ReadonlyArray<{ heading: string; kinds: FactKind[] }> = [
  { heading: '## Goal', kinds: ['task', 'request'] },
  { heading: '## Constraints', kinds: ['constraint'] },
  { heading: '## Done', kinds: ['done'] },
  { heading: '## Errors', kinds: ['error-open', 'error-fixed'] },
  { heading: '## Key Decisions', kinds: ['decision'] },
  { heading: '## Files', kinds: ['file-modified', 'file-read'] },
  { heading: '## Latest Activity', kinds: ['activity'] },
  { heading: '## Next Steps', kinds: ['next'] },
  { heading: '## Critical Context', kinds: ['command', 'detail'] },
];

/** The kind a bullet under this heading (in an earlier summary) is taken to be, if any rule knows it. */
export function kindOfHeading(title: string): FactKind | undefined {
  const rule = HEADING_RULES.find((candidate) => candidate.pattern.test(title));
  return rule ? (Object.keys(rule.claims)[0] as FactKind) : undefined;
}

/** The sections to write: the prescribed ones with the kinds each takes, or our defaults. */
export function planSections(prescribed: readonly PrescribedHeading[]): Section[] {
  if (prescribed.length === 0) {
    return DEFAULT_SECTIONS.map(({ heading, kinds }) => ({
      heading,
      bullet: 'dash',
      kinds: new Set(kinds),
      keywords: [],
      parent: false,
      required: false,
    }));
  }
  const sections: Section[] = prescribed.map((heading, index) => {
    const next = prescribed[index + 1];
    const parent = next !== undefined && next.level > heading.level;
    const rule = parent
      ? undefined
      : HEADING_RULES.find((candidate) => candidate.pattern.test(heading.title));
    return {
      heading: `${'#'.repeat(heading.level)} ${heading.title}`,
      bullet: heading.bullet,
      kinds: new Set<FactKind>(),
      keywords: parent || rule ? [] : keywordsOf(heading.title),
      parent,
      required: true,
    };
  });
  const claimsOf = prescribed.map((heading, index) =>
    sections[index]!.parent
      ? {}
      : (HEADING_RULES.find((rule) => rule.pattern.test(heading.title))?.claims ?? {}),
  );
  for (const kind of ALL_KINDS) {
    let best = -1;
    let bestClaim = 0;
    claimsOf.forEach((claims, index) => {
      const claim = claims[kind] ?? 0;
      if (claim > bestClaim) {
        best = index;
        bestClaim = claim;
      }
    });
    // A kind no heading asks for still belongs somewhere that takes loose context, if there is one.
    if (best < 0) best = claimsOf.findIndex((claims) => (claims.detail ?? 0) > 0);
    if (best >= 0) sections[best]!.kinds.add(kind);
  }
  return sections;
}

// Facts a keyword section may take over from their kind's section; the task, constraints, next
// steps, latest activity and open errors stay where the template puts them.
const MOVABLE: ReadonlySet<FactKind> = new Set([
  'detail',
  'command',
  'file-read',
  'file-modified',
  'done',
  'decision',
  'error-fixed',
  'request',
]);

/** Stems of a heading's words ("Testing" → "test"), matched as substrings of a fact. */
function keywordsOf(title: string): string[] {
  return contentWords(title)
    .map((word) => word.replace(/(?:ing|ed|es|s)$/, ''))
    .filter((stem) => stem.length >= 4);
}

/** The section a fact goes to, or -1: a matching keyword section first, else its kind's section. */
export function sectionFor(sections: readonly Section[], kind: FactKind, text: string): number {
  if (MOVABLE.has(kind)) {
    const lowered = text.toLowerCase();
    const keyworded = sections.findIndex((section) =>
      section.keywords.some((word) => lowered.includes(word)),
    );
    if (keyworded >= 0) return keyworded;
  }
  return sections.findIndex((section) => section.kinds.has(kind));
}
