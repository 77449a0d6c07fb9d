/**
 * A fact said undone in other words than its facets (issue 39, item 6; docs/quality.md, "Stance of a sentence"): a
 * rule's topic said lifted, allowed or no rule at all ("The rule against adding new dependencies was lifted", "New
 * dependencies may be added freely", "The user never said not to add new dependencies"); a choice's pick said
 * rejected or reverted, or the way it ruled out gone back to ("The token bucket was rejected in favour of a fixed retry
 * counter", "We went back to a fixed retry counter"); a file's change said reverted, deleted or never written by its
 * path alone ("We reverted retry_budget.ts", "retry_budget.ts: not written yet"), or its change's own words said not done
 * or still to come beside it ("page.tsx: the callers were not switched over"). stance.ts reads such words where a
 * facet is written whole; these name the thing by the words a facet holds, so the facets alone miss them.
 */
import { describingTerms } from './artifact-described.ts';
import type { TextIndex } from './match.ts';
import { meaningTerms } from './meaning.ts';
import { NOT_DONE_BEFORE_SOURCE } from './not-done-forms.ts';
import { readProbe } from './probe-reading.ts';
import type { Probe } from './probes.ts';
import { affirmedAround, SENTENCE_REACH, withoutDenyingEnding, withoutDenyingOpening } from './stance.ts';
import { escapeRegExp } from '../text/regexp.ts';

/** Whether a text says a live probe's fact undone in words its facets do not hold (see the module's doc). */
export function saysUndoneInOtherWords(index: TextIndex, probe: Probe): boolean {
  if (probe.kind !== 'constraint' && probe.kind !== 'decision' && probe.kind !== 'artifact') return false;
  const frames = framesOf(probe);
  for (const frame of frames)
    for (const found of index.occurrences(frame.anchor)) {
      const from = Math.max(0, found.start - CLAUSE_REACH);
      let before = clauseBefore(index.slice(from, found.start));
      let after = clauseAfter(index.slice(found.end, found.end + CLAUSE_REACH));
      // A sentence whose frame denies its own denial ("It is false that retry_budget.ts was added was not done")
      // affirms what it says: read without either.
      const around = Math.max(0, found.start - SENTENCE_REACH);
      if (
        affirmedAround(
          index.slice(around, found.end + SENTENCE_REACH),
          found.start - around,
          found.end - around,
        )
      ) {
        before = withoutDenyingOpening(before);
        after = withoutDenyingEnding(after);
      }
      if (frame.says(before, after)) return true;
    }
  return false;
}

/** Words a text holds, and how the clause around them (before, after) tells the fact undone. */
type Frame = { anchor: string; says: (before: string, after: string) => boolean };

// How far a clause is read either side of its anchor, in characters.
const CLAUSE_REACH = 200;
// Where a clause ends: a sentence's end, a semicolon, a colon before a space, a bracket, a line break.
const CLAUSE_BREAK = /[;!?()\n]|\.(?=\s|$)|:(?=\s)/g;
// A word that turns what follows it, or denies it, in the clause before a frame.
const NEGATION = /(?:^|[\s(])(?:not|never|no|nor|neither|without|cannot)(?=\s|$)|n't(?=\s|$)/;

/** The clause a text ends in. */
function clauseBefore(text: string): string {
  let start = 0;
  for (const match of text.matchAll(CLAUSE_BREAK)) start = match.index + match[0].length;
  return text.slice(start);
}

/** The clause a text starts with (a label's colon right at its start leads into it: "retry_budget.ts: not written"). */
function clauseAfter(text: string): string {
  const label = /^\s*(?::|=|\u2013|\u2014|\s-)\s/.exec(text)?.[0].length ?? 0;
  const rest = text.slice(label);
  const stop = rest.search(CLAUSE_BREAK);
  return text.slice(0, label) + (stop < 0 ? rest : rest.slice(0, stop));
}

const frameSets = new WeakMap<Probe, Frame[]>();

/** The frames a probe is read with (computed once per probe). */
function framesOf(probe: Probe): Frame[] {
  let frames = frameSets.get(probe);
  if (!frames) {
    frames = UNDOING_FACT.test(`${probe.answer} ${probe.statement ?? ''}`)
      ? []
      : probe.kind === 'constraint'
        ? ruleFrames(probe)
        : probe.kind === 'decision'
          ? choiceFrames(probe)
          : fileFrames(probe);
    frameSets.set(probe, frames);
  }
  return frames;
}

// A fact that is itself an undoing (a revert, a deletion, a rule lifted): its undoing is its truth.
const UNDOING_FACT =
  /\b(?:revert\w*|roll(?:ed)? back|undo\w*|undid|back(?:ed)? out|delet\w*|remov\w*|drop\w*|abandon\w*|reject\w*|discard\w*|lift\w*|waive\w*|withdr\w*|no longer)\b/i;

/** The forms of a verb a sentence may use ("add": adds, added, adding), as a pattern. */
function verbForms(verb: string): string {
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  const last = verb.at(-1)!;
  return `(?:${[
    verb,
    `${verb}s`,
    `${verb}es`,
    `${stem}ed`,
    `${stem}ing`,
    `${verb}${last}ed`,
    `${verb}${last}ing`,
  ]
    .map(escapeRegExp)
    .join('|')})`;
}

const ARTICLE = '(?:(?:the|a|an|any|our|its|their|this|that)\\s+)?';
const AUXILIARY = '(?:was|were|is|are|has been|have been|had been|got)';
const ADVERB = '(?:(?:since|later|then|now|also|eventually|ultimately|already)\\s+)?';

// A rule named by its noun before its topic: "the rule against adding …", "the rule to not add …", "the ban on …".
const RULE_BEFORE =
  /\b(?:rules?|ban|restrictions?|constraints?|prohibitions?|policy|requirements?)\s+(?:against|on|about|to|that)\s+(?:not\s+|we\s+not\s+|you\s+not\s+)?$/;
// A rule named by its noun after its topic: "the no-new-dependencies rule …".
const RULE_AFTER = /^[\s-]*(?:rules?|ban|restrictions?|constraints?|prohibitions?|policy|requirements?)\b/;
// What says a rule lifted, right after it.
const RULE_LIFTED = new RegExp(
  `^\\s*(?:\\([^)]*\\)\\s*)?(?:${AUXILIARY}\\s+${ADVERB}(?:lifted|waived|withdrawn|revoked|rescinded|relaxed|dropped)|no longer (?:applies|apply|holds|hold|stands|stand|in force)|(?:does|do)(?:n't| not) apply any ?more)\\b`,
);
// A frame that says there is no such rule: "there is no rule against …".
const NO_RULE =
  /\b(?:there\s+(?:is|are|was|were)\s+no|no longer\s+(?:a|any))\s+(?:rule|ban|restriction|constraint|prohibition|requirement)s?\s+(?:against|on|about)\s+$/;
// A frame that says nobody ruled it out: "the user never said not to …", "nobody told us not to …".
const NEVER_FORBADE =
  /\b(?:(?:never|did not|didn't|has not|hasn't|had not|hadn't)\s+(?:said|say|told|tell|asked|ask)|(?:nobody|no one)\s+(?:said|told|asked))\s+(?:\S+\s+){0,2}?not\s+to\s+$/;
// A word that allows a thing.
const ALLOWED = '(?:allowed|permitted|fine|ok|okay|acceptable)';
// A negation a rule's own topic carries right before it ("the no-new-dependencies rule"): the rule's words, not a turn.
const OWN_NO = /(?:^|\s)no[\s-]*$/;

/**
 * A rule's frames: for each facet it rules out (its answer negates it: "Do not add new dependencies") that is a verb
 * and what it acts on, the object is the anchor; it is said undone where its rule is said lifted ("the rule against
 * adding new dependencies was lifted", "the no-new-dependencies rule no longer applies"), where there is said to be
 * no rule ("there is no rule against adding …"), nobody to have ruled it out ("the user never said not to add …"),
 * or where it is said allowed ("new dependencies may be added freely", "adding new dependencies is allowed now",
 * "free to add …"), with no other negation in its clause.
 */
function ruleFrames(probe: Probe): Frame[] {
  const frames: Frame[] = [];
  const forbidden = new Set<string>();
  for (const facet of readProbe(probe).facets) {
    for (const spelling of facet.spellings) {
      const bare = BARE_PROHIBITION.exec(spelling.toLowerCase().trim())?.[1];
      if (bare && !forbidden.has(bare)) frames.push(...doingAllowedFrames(bare));
      if (bare) forbidden.add(bare);
      if (facet.polarity !== 'denied') continue;
      const [verb, ...object] = spelling.toLowerCase().trim().split(/\s+/);
      if (!verb || !/^[a-z]{2,}$/.test(verb) || NOT_A_VERB.test(verb)) continue;
      if (!object.some((word) => /^[\p{L}\p{N}_.-]{3,}$/u.test(word))) continue;
      const forms = verbForms(verb);
      const verbBefore = new RegExp(`(?<=^|\\s)${forms}\\s+${ARTICLE}$`);
      const passiveAllowed = new RegExp(`^\\s*(?:may|can|could)\\s+(?:now\\s+|also\\s+)?be\\s+${forms}\\b`);
      const activeAllowed = new RegExp(
        `\\b(?:${ALLOWED}|free)\\s+to\\s+${forms}\\s+${ARTICLE}$|\\bmay\\s+(?:now\\s+|also\\s+|freely\\s+)?${forms}\\s+${ARTICLE}$`,
      );
      const saidAllowed = new RegExp(`^\\s*(?:is|are)\\s+(?:now\\s+|also\\s+)?${ALLOWED}\\b`);
      // An object that opens with a preposition ("push to main": "to main") names no thing said allowed by itself.
      const thing = !PREPOSITION.test(object[0]!);
      frames.push({
        anchor: object.join(' '),
        says(before, after) {
          const lead = verbBefore.exec(before);
          const frame = lead ? before.slice(0, lead.index) : before;
          if (RULE_LIFTED.test(after))
            return RULE_BEFORE.test(frame) && !NEGATION.test(frame.replace(RULE_BEFORE, ''));
          const rule = RULE_AFTER.exec(after);
          if (rule && thing && RULE_LIFTED.test(after.slice(rule[0].length)))
            return !NEGATION.test(before.replace(OWN_NO, ''));
          if (NO_RULE.test(frame) || (lead && NEVER_FORBADE.test(frame))) return true;
          // A negation, or a condition that keeps the rule ("… may be added only with approval"), reads no allowance.
          if (NEGATION.test(before) || NEGATION.test(after) || CONDITION.test(after)) return false;
          if (passiveAllowed.test(after) || (thing && PLAINLY_ALLOWED.test(after))) return true;
          if (lead && saidAllowed.test(after)) return true;
          return activeAllowed.test(before);
        },
      });
    }
  }
  return frames;
}

// A rule that is a bare verb forbidden ("don't commit", "never push"): its facet is its own negation.
const BARE_PROHIBITION = /^(?:don't|dont|do not|never)\s+([a-z]{3,})$/;
// The doing said allowed after it, the subject of its clause: "committing (on your own initiative) is fine".
const DOING_ALLOWED =
  /^(?:\s+[^,;:]{0,60}?)?\s+(?:is|are)\s+(?:now\s+|also\s+|always\s+)?(?:fine|allowed|permitted|ok|okay|acceptable)\b/;
// What keeps the rule in a clause that allows the doing: a condition ("only when asked", "once the user says so").
const CONDITION = /\b(?:only|unless|once|after|when|if|until|provided|as long as)\b/;
// Where a doing is its clause's subject: only a bullet, a label or nothing before it.
const CLAUSE_SUBJECT = /^\s*(?:[-*\u2022]\s+)?$/;

/**
 * The frames of a bare verb a rule forbids: its doing (the verb's -ing forms), the subject of its clause, said fine or
 * allowed with no negation or condition in the clause ("Committing on your own initiative is fine" of "don't commit").
 */
function doingAllowedFrames(verb: string): Frame[] {
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  return [...new Set([`${stem}ing`, `${verb}${verb.at(-1)!}ing`])].map((anchor) => ({
    anchor,
    says: (before, after) =>
      CLAUSE_SUBJECT.test(before) &&
      DOING_ALLOWED.test(after) &&
      !NEGATION.test(after) &&
      !CONDITION.test(after),
  }));
}

// What a thing is said allowed by with no verb: "new dependencies are allowed".
const PLAINLY_ALLOWED = /^\s*(?:is|are)\s+(?:now\s+|also\s+)?(?:allowed|permitted)\b/;
// A first word of an object that is no thing.
const PREPOSITION = /^(?:to|in|on|at|for|from|with|into|onto|of|by|about|over|under|without|through)$/;
// A first word that is no verb a rule puts on a thing.
const NOT_A_VERB = /^(?:not|no|never|do|dont|to|the|a|an|be|is|are|any|all|only|always|new)$/;

// A verb a choice is put with, before what it picks ("use a token bucket", "switch to keyset pagination").
const CHOICE_VERB =
  /^(?:(?:use|uses|using|keep|keeps|keeping|adopt|adopts|pick|picks|choose|chooses|prefer|prefers|go with|switch to|move to|stick with|rely on)\s+)?(?:(?:the|a|an|our|its)\s+)?/;
// What sets the way not taken against the pick, right before it in the choice's own words.
const SET_AGAINST = /(?:instead of|rather than|in place of|over|not)\s+(?:\S+\s+)?$/;
// A pick said undone right after it: "the token bucket was rejected", "… was replaced by …".
const PICK_UNDONE_AFTER = new RegExp(
  `^\\s*(?:\\([^)]*\\)\\s*)?${AUXILIARY}\\s+${ADVERB}(?:rejected|reverted|dropped|abandoned|discarded|backed out|rolled back|undone|ripped out|replaced (?:by|with))\\b`,
);
// The same with the verb before it: "we reverted the token bucket".
const PICK_UNDONE_BEFORE = new RegExp(
  `\\b(?:reverted|rolled back|undid|dropped|abandoned|rejected|discarded|backed out|ripped out)\\s+${ARTICLE}$`,
);
// The way not taken, gone back to: "we went back to a fixed retry counter", "… in favour of a fixed retry counter".
const BACK_TO = new RegExp(
  `\\b(?:(?:went|go|goes|going|gone|switched|switch|switching|fell|fall|falling|moved|move)\\s+back\\s+to|reverted\\s+to|returned\\s+to|in\\s+favou?r\\s+of)\\s+${ARTICLE}$`,
);

/** A facet's words without the verb and article a choice puts before them ("use a token bucket": "token bucket"). */
function pickWords(spelling: string): string {
  return spelling.toLowerCase().trim().replace(CHOICE_VERB, '');
}

/**
 * A choice's frames: what it picks said rejected, reverted or replaced ("the token bucket was rejected", "we reverted
 * the token bucket"), and the way it set aside ("X instead of Y": Y) gone back to ("we went back to a fixed retry
 * counter", "… in favour of a fixed retry counter"), with no negation in their clause. A pick or a way of one word is
 * a word of the clause, not a thing named, and is not read.
 */
function choiceFrames(probe: Probe): Frame[] {
  const own = (probe.statement ?? probe.answer).toLowerCase();
  const frames: Frame[] = [];
  probe.facets.forEach((facet, at) => {
    const [first] = facet;
    if (first === undefined) return;
    const found = own.indexOf(first.toLowerCase());
    const setAside = found > 0 && SET_AGAINST.test(own.slice(0, found));
    // The pick is the first facet; the others tell how it is done ("key order" of canonical JSON), and only a way
    // set aside among them is read.
    if (at > 0 && !setAside) return;
    for (const spelling of facet) {
      const words = pickWords(spelling);
      if (words.split(/\s+/).length < 2) continue;
      frames.push({
        anchor: words,
        says: setAside
          ? (before) => BACK_TO.test(before) && !NEGATION.test(before)
          : (before, after) =>
              (PICK_UNDONE_AFTER.test(after) || PICK_UNDONE_BEFORE.test(before)) && !NEGATION.test(before),
      });
    }
  });
  return frames;
}

// What says a file's change undone right after its path: reverted, deleted, never written ("retry_budget.ts was
// deleted", "retry_budget.ts: not written yet", a note's "retry_budget.ts: deleted"); "removed from the index" is not
// the file undone.
const LABEL = '(?::|=|\\u2013|\\u2014|-)\\s*';
const FILE_UNDONE_AFTER = new RegExp(
  `^\\s*(?:\\([^)]*\\)\\s*)?(?:${LABEL}(?:reverted|deleted|removed|discarded|undone)\\s*[.!]?\\s*$|(?:${LABEL})?(?:${AUXILIARY}\\s+${ADVERB}(?:reverted|rolled back|undone|backed out|deleted|removed|discarded)(?!\\s+from\\b)|(?:(?:was|were|is|are|has|have)(?:n't|\\s+not|\\s+never)(?:\\s+been)?|not|never)(?:\\s+yet)?(?:\\s+been)?\\s+(?:written|created))\\b)`,
);
// The same with the verb before the path: "we reverted retry_budget.ts", "deleted the new file retry_budget.ts".
const FILE_UNDONE_BEFORE =
  /\b(?:reverted|rolled back|undid|deleted|discarded|backed out)\s+(?:(?:the|our|its)\s+)?(?:(?:new|created)\s+)?(?:file\s+)?[`'"]?$/;
// Where the path is the clause's subject: only a bullet, an article, "the (new) file" before it.
const FILE_SUBJECT = /^\s*(?:[-*\u2022]\s+)?(?:(?:the|a)\s+)?(?:(?:new|created)\s+)?(?:file\s+)?[`'"]?$/;
// A frame that denies the whole of its sentence, the path its subject: "It is false that retry_budget.ts …".
const DENIED_SUBJECT =
  /^\s*(?:[-*\u2022]\s+)?(?:it(?:'s| is| was)\s+(?:false|untrue|not true|not the case|wrong)\s+that|(?:false|untrue|not true)\s*:)\s*(?:(?:the|a)\s+)?(?:(?:new|created)\s+)?(?:file\s+)?[`'"]?$/;

/**
 * A file's frames: its path (or its name, as a facet spells it), the subject of its clause, said reverted, deleted or
 * not written, or denied by a frame that denies its sentence; or right after a verb of undoing; or, in its part of the
 * clause, its change's own words said not done in the past or still to come ({@link saysChangeNotDone}). Read only for
 * a probe that is that file's change (its `file`).
 */
function fileFrames(probe: Probe): Frame[] {
  const file = probe.file?.toLowerCase();
  if (!file) return [];
  const name = file.split('/').at(-1)!;
  // A change whose own words hold a negation or a wait ("stop workers that were not started") is not read so.
  const described = NEGATED_FACT.test(`${probe.answer} ${probe.statement ?? ''}`)
    ? undefined
    : changeWords(probe);
  const frames: Frame[] = [];
  for (const spelling of new Set([file, ...probe.facets.flat().map((spelling) => spelling.toLowerCase())])) {
    if (spelling !== file && spelling !== name && !file.endsWith(`/${spelling}`)) continue;
    frames.push({
      anchor: spelling,
      says: (before, after) =>
        (FILE_SUBJECT.test(before) && FILE_UNDONE_AFTER.test(after)) ||
        DENIED_SUBJECT.test(before) ||
        (FILE_UNDONE_BEFORE.test(before) && !NEGATION.test(before)) ||
        (described !== undefined && saysChangeNotDone(before, after, described)),
    });
  }
  return frames;
}

// A change whose own words deny or wait: its not being done may be its truth.
const NEGATED_FACT = /\b(?:not|never|no|yet|pending|still)\b|n't\b/i;
// Where a clause's part ends: a conjunction that joins another doing ("… and the dashboard is pending", "…, but the
// tests were not run"), a dash between spaces; a bare comma goes on with the same subject ("added the sheet, callers
// not yet switched").
const PART_BREAK = /,?\s+(?:and|but|while|whereas|although|though|except)\s+|\s[-\u2013\u2014]\s/gi;
// A doing said not done in the past or still to come, its words after it: "were not switched", "did not switch",
// "never switched", "have not been switched", "not yet switched", "still need to switch", "are yet to switch", "remain
// to be switched". A present negation ("does not call", "never blocks") and "no longer" tell what the code now does.
const NOT_DONE_BEFORE_DOING = new RegExp(`${NOT_DONE_BEFORE_SOURCE}\\s+`, 'giu');
// The same with the doing before it, as its subject: "switching the callers … is pending", "… is still to do", "… was
// not done", "… remains outstanding".
const NOT_DONE_AFTER_DOING =
  /\s(?:(?:is|are|was|were)\s+(?:still\s+)?(?:pending|outstanding|to\s+do|to\s+be\s+done|yet\s+to\s+be\s+done|left\s+to\s+do)|(?:is|are|was|were)(?:n't|\s+not)\s+(?:yet\s+)?(?:done|finished|completed|implemented|made)|(?:has|have)(?:n't|\s+not)\s+(?:yet\s+)?been\s+(?:done|finished|completed|implemented|made)|remains?\s+(?:to\s+(?:do|be\s+done)|pending|outstanding|open)|not\s+(?:yet\s+)?done|still\s+to\s+(?:do|be\s+done))\b/gi;
// A doing said not done inside a relative or a condition describes the code, not the change ("falls back when the
// callers were not switched", "skips callers that were never migrated").
const SUBORDINATE =
  /\b(?:that|which|who|whom|whose|where|if|when|whenever|unless|until|once|because|since|whether)\s+(?:\S+\s+){0,2}$/i;
// A negation that tells a time, not the doing: "was not switched again", "… any more".
const NOT_ABOUT_DOING = /^\s*(?:\S+\s+)?(?:again|any\s?more|before)\b/i;
// How many words either side of the form say what is not done.
const DOING_WORDS = 10;

/**
 * Whether the file's part of its clause (up to a conjunction that joins another doing) says, with a word of the
 * change's own (`described`: artifact-described.ts), that the doing was not done or is still to come ("page.tsx: the
 * callers were not switched over to the new sheet API", "… still need to switch …", "switching the callers … is
 * pending"). A present negation and "no longer" say what the file now does, and are not read.
 */
function saysChangeNotDone(before: string, after: string, described: ReadonlySet<string>): boolean {
  const own = `${lastPart(before)} \u00a7 ${firstPart(after)}`;
  const tells = (words: string) => meaningTerms(words).some((term) => !term.name && described.has(term.term));
  for (const form of own.matchAll(NOT_DONE_BEFORE_DOING)) {
    const lead = own.slice(0, form.index);
    const rest = own.slice(form.index + form[0].length);
    if (SUBORDINATE.test(lead) || NOT_ABOUT_DOING.test(rest)) continue;
    if (tells(rest.split(/\s+/).slice(0, DOING_WORDS).join(' '))) return true;
  }
  for (const form of own.matchAll(NOT_DONE_AFTER_DOING)) {
    const lead = own.slice(0, form.index);
    if (SUBORDINATE.test(lead)) continue;
    if (tells(lead.split(/\s+/).slice(-DOING_WORDS).join(' '))) return true;
  }
  return false;
}

/**
 * The words of a file's change that tell what it does, not the label a derived statement opens with ("<file> created:
 * …", "<file> changed: …": "the markdown files weren't committed - the .gitignore I created …" says nothing of what
 * .gitignore holds).
 */
function changeWords(probe: Probe): ReadonlySet<string> | undefined {
  const described = describingTerms(probe);
  if (!described || probe.statement === undefined) return described;
  const body = new Set(meaningTerms(probe.statement.replace(STATEMENT_LABEL, '')).map((term) => term.term));
  const own = new Set([...described].filter((term) => body.has(term)));
  return own.size > 0 ? own : undefined;
}

// The label a derived artifact statement opens with: its file's name and a word of making or changing.
const STATEMENT_LABEL = /^\s*\S+\s+(?:created|changed|updated|modified|written)(?:\s+\([^)]*\))?\s*:\s*/i;

/** The part of a clause after its last conjunction ({@link PART_BREAK}). */
function lastPart(text: string): string {
  let start = 0;
  for (const match of text.matchAll(PART_BREAK)) start = match.index + match[0].length;
  return text.slice(start);
}

/** The part of a clause before its first conjunction ({@link PART_BREAK}). */
function firstPart(text: string): string {
  const stop = text.search(PART_BREAK);
  return stop < 0 ? text : text.slice(0, stop);
}
