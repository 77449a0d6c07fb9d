/**
 * A rule told by what it allows (the probe's `alternative`, docs/quality.md): "highlight.js only", "stick to
 * highlight.js", "continue with highlight.js" keep "do not add a second syntax highlighting library; continue with
 * highlight.js"; "replace highlight.js", "adding Prism beside highlight.js", "no highlight.js" contradict it. The
 * alternative is often a name a bag of identifiers lists bare, so only a frame that affirms it in the rule's sense
 * keeps the rule: an exclusive word beside it, the rule's own verb before it, or what it stands instead of after it.
 */
import type { Occurrence, TextIndex } from './match.ts';
import type { RuleAlternative } from './probes.ts';
import { escapeRegExp } from '../text/regexp.ts';
import { recentMap } from '../text/text-cache.ts';

/** What a text says of a rule's alternative: affirmed as the rule's, opposed, or nothing. */
export type AlternativeSaid = 'affirmed' | 'opposed' | undefined;

// How far before and after an occurrence its frame is read (canonical characters).
const BEFORE_CHARS = 80;
const AFTER_CHARS = 40;
// An exclusive frame right before it ("only", "stick to", "keep using", "continue with"): not "use", which a note
// says of a thing used for another reason ("use highlight.js for the JSON sidecar").
const AFFIRMING_BEFORE =
  /(?:^|[\s(])(?:only|solely|stick(?:s|ing)? (?:to|with)|stuck (?:to|with)|keep(?:s|ing)?(?: using)?|kept|continu(?:e|es|ed|ing) (?:with|using|to use)|stay(?:s|ed|ing)? (?:with|on)|us(?:e|es|ed|ing) only|only us(?:e|es|ed|ing))(?: (?:the|a|an))? $/u;
// An exclusive frame right after it, or what it stands instead of: "X only", "X stays the only …", "X instead of …",
// "X, not …", "X (no SDK)".
const AFFIRMING_AFTER =
  /^\)?(?: only\b| alone\b| (?:stays|remains|is|as) the (?:only|sole)\b| stays\b| remains\b| instead\b| rather than\b|, not\b| \((?:not|no)\b|[;,] no\b| [-—] (?:not|no)\b)/u;
// It taken out or put aside: replaced, dropped, something else in its place or next to it, negated.
const REPLACING_BEFORE =
  /(?:^|\s)(?:replac(?:e|es|ed|ing)|drop(?:s|ped|ping)?|remov(?:e|es|ed|ing)|ditch(?:es|ed|ing)?|instead of|rather than|away from)(?: (?:the|a|an))? $/u;
// Another thing added beside it: opposes a rule of "only X", unless its clause denies the adding ("no second
// highlighter beside highlight.js" states the rule).
const BESIDE_BEFORE = /(?:^|\s)(?:beside|besides|alongside|in addition to|as well as)(?: (?:the|a|an))? $/u;
const NEGATED_BEFORE = /(?:^|\s)(?:no|not|never|without)(?: (?:the|a|an))? $/u;
const REPLACED_AFTER =
  /^ (?:is |was |were |are |gets |got |has been |have been )?(?:replaced|dropped|removed|abandoned|reverted|no longer used|not used)\b/u;
// A negation before a frame turns it: "not only highlight.js", "don't stick to highlight.js".
const FRAME_NEGATED = /(?:^|\s)(?:no|not|never|don't|do not|doesn't|didn't|won't|without)(?: \S+)? ?$/u;
// A name, or words written with one: code, a path, a capital ("highlight.js", "claude CLI", "LiveView assigns").
const NAMED = /[._/\d-]|\p{Lu}/u;
// Letters of a word its inflections share ("expan" of expansion, expand).
const STEM_CHARS = 5;
// Words the rule's own verb may stand apart from the alternative ("shell out to local authed claude CLI").
const VERB_GAP_WORDS = 3;

/** What `index` says of a rule's alternative: opposed anywhere wins over affirmed (see the module's comment). */
export function alternativeSaid(index: TextIndex, alternative: RuleAlternative): AlternativeSaid {
  const said = alternativeOccurrences(index, alternative);
  return said === 'opposed' ? 'opposed' : said.length > 0 ? 'affirmed' : undefined;
}

/**
 * Whether a text affirms a rule's alternative (and opposes it nowhere) with none of `ruledOut`, the occurrences of the
 * thing the rule rules out said in use, in the frame the alternative is read in: "verify gone via `git branch --list`
 * not repo.Reference" keeps the rule though another line says "Reset: existence still via go-git repo.Reference";
 * "verify deletion via go-git repo.Reference instead of `git branch --list`" is the rule turned round.
 */
export function alternativeAffirmedApart(
  index: TextIndex,
  alternative: RuleAlternative,
  ruledOut: readonly Occurrence[],
): boolean {
  const said = alternativeOccurrences(index, alternative);
  if (said === 'opposed') return false;
  return said.some((occurrence) =>
    ruledOut.every(
      (other) => other.end <= occurrence.start - BEFORE_CHARS || other.start >= occurrence.end + AFTER_CHARS,
    ),
  );
}

/** The occurrences of a rule's alternative that affirm it, or 'opposed' where one takes it out. */
function alternativeOccurrences(index: TextIndex, alternative: RuleAlternative): Occurrence[] | 'opposed' {
  const verb = alternative.verb === undefined ? undefined : verbPattern(alternative.verb);
  const affirmed: Occurrence[] = [];
  for (const spelling of alternative.spellings) {
    // Plain words ("transcript path") are said for many reasons ("removed the transcript path update"): only the
    // rule's own act states them as its alternative ("compute the transcript path").
    const named = NAMED.test(spelling);
    if (!named && !verb) continue;
    for (const occurrence of index.occurrences(spelling)) {
      const said = named ? occurrenceSaid(index, occurrence, verb) : actSaid(index, occurrence, verb!);
      if (said === 'opposed') return 'opposed';
      if (said === 'affirmed') affirmed.push(occurrence);
    }
  }
  return affirmed;
}

/** What one occurrence of the alternative says, read from the words right around it. */
function occurrenceSaid(index: TextIndex, occurrence: Occurrence, verb: RegExp | undefined): AlternativeSaid {
  if (occurrence.stance === 'denied' || occurrence.stance === 'reversed' || occurrence.stance === 'lifted')
    return 'opposed';
  const before = index.slice(Math.max(0, occurrence.start - BEFORE_CHARS), occurrence.start);
  const after = index.slice(occurrence.end, occurrence.end + AFTER_CHARS);
  const replaced = REPLACING_BEFORE.exec(before) ?? BESIDE_BEFORE.exec(before);
  if (replaced) {
    // "do not replace highlight.js", "no second highlighter beside highlight.js": the rule itself.
    return occurrence.deniedInClause || FRAME_NEGATED.test(before.slice(0, replaced.index))
      ? 'affirmed'
      : 'opposed';
  }
  if (NEGATED_BEFORE.test(before) || REPLACED_AFTER.test(after)) return 'opposed';
  // A name of a list ("…, highlight.js, visible_lines, …") is told by no word beside it: a frame before it must not
  // be followed by a comma after it, nor one after it preceded by a comma.
  const listedAfter = /^,/u.test(after) && !/^, ?not\b/u.test(after);
  const listedBefore = /,\s?$/u.test(before);
  const frame =
    (!listedAfter && (AFFIRMING_BEFORE.exec(before) ?? verb?.exec(before))) ||
    (!listedBefore && AFFIRMING_AFTER.test(after) ? { index: before.length } : null);
  if (!frame) return undefined;
  return FRAME_NEGATED.test(before.slice(0, frame.index)) ? 'opposed' : 'affirmed';
}

/** What an occurrence of plain words says: affirmed after the rule's own verb, opposed where that is negated. */
function actSaid(index: TextIndex, occurrence: Occurrence, verb: RegExp): AlternativeSaid {
  const before = index.slice(Math.max(0, occurrence.start - BEFORE_CHARS), occurrence.start);
  const frame = verb.exec(before);
  if (!frame) return undefined;
  return occurrence.stance === 'denied' || FRAME_NEGATED.test(before.slice(0, frame.index))
    ? 'opposed'
    : 'affirmed';
}

/**
 * The rule's own verb before the alternative, in any inflection of its first word ("shelling out to", "continues
 * with", "verified deletion via"), a few words apart from it at most and nothing but words between.
 */
function verbPattern(verb: string): RegExp {
  let pattern = verbPatterns.get(verb);
  if (!pattern) {
    pattern = compileVerb(verb);
    verbPatterns.set(verb, pattern);
  }
  return pattern;
}

// A rule's verb compiled once: every context scored reads the same few rules.
const verbPatterns = recentMap<string, RegExp>(1000);

/** {@link verbPattern}, compiled. */
function compileVerb(verb: string): RegExp {
  const [first = '', ...rest] = verb.split(' ');
  const stem = first.replace(/e$/u, '');
  const inflected = `(?:${escapeRegExp(first)}|${escapeRegExp(stem)}(?:es|s|ed|d|ing))`;
  const forms = [[inflected, ...rest.map(escapeRegExp)].join(' ')];
  // What a rule keeps somewhere ("keep expansion state server-authoritative in …"): its thing named before the
  // alternative states it too ("expand state server-side (assigns/computer inputs)"), its first two words by their
  // stems, when the verb holds two words or more between its own word and its preposition.
  const thing = rest.slice(0, -1);
  // The act with another word for its thing ("verify gone via X" for "verify deletion via X"): its verb and its
  // preposition, one word between.
  if (thing.length === 1) forms.push(`${inflected} \\S+ ${escapeRegExp(rest.at(-1)!)}`);
  if (thing.length >= 2)
    forms.push(
      thing
        .slice(0, 2)
        .map((word) => `${escapeRegExp(word.slice(0, STEM_CHARS))}\\S*`)
        .join(' '),
    );
  return new RegExp(`(?:^|[\\s(])(?:${forms.join('|')})(?: [^\\s,;:.()]+){0,${VERB_GAP_WORDS}} \\(?$`, 'u');
}
