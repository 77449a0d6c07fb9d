/** Text helpers of the extractive summarizer: sentences, clipping, dedupe keys, path-like tokens, cue words. */
import { memoizeByText } from '../text/text-cache.ts';

/** A unit of prose: a sentence, or a whole list item with the label of its list (`Plan:` → `plan`). */
export type ProseUnit = { text: string; label?: string };

const LIST_MARKER = /^(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)/;
// "Plan:", "**Changes**:", "Next steps:" alone on a line (or ending one) label the list after it.
const LIST_LABEL = /^\**([A-Za-z][\w '/-]{0,40}?)\**\s*:\**$/;

/**
 * Prose cut into units: code fences and tables dropped; list items under a label line stay whole and
 * carry the label, everything else is split into sentences.
 */
export function proseUnits(text: string): ProseUnit[] {
  const prose = text.replace(/```[\s\S]*?(?:```|$)/g, '\n');
  const units: ProseUnit[] = [];
  let label: string | undefined;
  for (const rawLine of prose.split('\n')) {
    const trimmed = rawLine.trim();
    // A blank line keeps the label: the list often starts after one.
    if (trimmed.length === 0) continue;
    const listItem = LIST_MARKER.test(trimmed);
    const line = trimmed
      .replace(/^(?:#{1,6}\s+|>\s*)/, '')
      .replace(LIST_MARKER, '')
      .trim();
    if (line.length < 3 || line.startsWith('|')) continue;
    if (listItem && label) {
      units.push({ text: line, label });
      continue;
    }
    // Split after sentence punctuation; users type lowercase, so no capital letter is required.
    const sentences = line.split(/(?<=[.!?])\s+(?=\S)/).map((part) => part.trim());
    const labelled = listItem ? undefined : LIST_LABEL.exec(sentences[sentences.length - 1] ?? '');
    if (labelled) sentences.pop();
    for (const sentence of sentences) if (sentence.length >= 3) units.push({ text: sentence });
    label = labelled ? labelled[1]!.toLowerCase() : listItem ? label : undefined;
  }
  return units;
}

/** The sentences of prose (list items whole when their list is labelled). */
export function splitSentences(text: string): string[] {
  return proseUnits(text).map((unit) => unit.text);
}

/** True for a sentence of words rather than code, data or a pasted log (mostly letters and spaces). */
export function isProse(sentence: string): boolean {
  const letters = sentence.replace(/[^\p{L}\s]/gu, '').length;
  return letters >= sentence.length * 0.6 && !sentence.includes('\\n');
}

export { clip } from '../text/clip.ts';

/** A comparison key: case, Markdown marks, bullets and spacing ignored, so restated items dedupe. */
// Made once per text: a chain reads its summaries back at every step, so the same lines are keyed again and again.
export const normalizeKey = memoizeByText(comparisonKey, 50_000);

/** {@link normalizeKey} made afresh, for a caller that remembers the key itself (summary-facts.ts). */
export function comparisonKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/\[[ x]\]\s*/g, '')
    .replace(/[`*_>#"]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?:;,…]+$/, '')
    .trim();
}

const CODE_EXTENSIONS =
  'ts|tsx|mts|cts|jsx|mjs|cjs|json|jsonl|md|mdx|py|rs|go|java|rb|c|h|cc|cpp|hpp|cs|toml|yaml|yml|sh|css|scss|html|sql|lock|vue|svelte|kt|swift|php|txt|env|ini|cfg|xml|proto|gradle';
const PATH_PATTERN = new RegExp(
  [
    // dir/…/name.ext, optionally absolute, home- or dot-relative
    String.raw`(?<![\w/.~@-])@?((?:~\/|\.{1,2}\/|\/)?(?:[\w+-][\w@.+-]*\/)+[\w+-][\w@.+-]*\.[A-Za-z][A-Za-z0-9]{0,9})\b`,
    // a bare file name with a well-known extension (not .js: `decimal.js` names a library more often than a file)
    String.raw`(?<![\w/.~@-])@?([\w-][\w.-]*\.(?:${CODE_EXTENSIONS}))\b(?![/\w])`,
  ].join('|'),
  'g',
);
const NOT_PATHS = new Set(['node.js', 'next.js', 'vue.js', 'react.js', 'express.js', 'three.js', 'd3.js']);

/** Path-like tokens in prose (`src/a.ts`, `/abs/b.json`, `README.md`), in order of appearance. */
export function pathsIn(text: string): string[] {
  const paths: string[] = [];
  for (const match of text.matchAll(PATH_PATTERN)) {
    const path = match[1] ?? match[2];
    if (path && !NOT_PATHS.has(path.toLowerCase()) && !/^\d/.test(path)) paths.push(path);
  }
  return paths;
}

// Wording of a constraint or preference: firm cues say it outright; soft cues ("keep", "only") say it
// often but not always, so they count less; a question asks rather than constrains.
const FIRM_CONSTRAINT =
  /\b(?:(?:don'?t|do not|does not)(?! (?:think|tink|know|see|get|understand|remember|care|believe|like|feel|have|need)\b)|(?:^|(?:must|should|can|will|please) )never|never (?:use|log|change|touch|commit|push|add|remove|delete|modify|edit|call|expose|store|send|ack|acknowledge|break|rename|block|return|throw|swallow|retry|skip|disable|hard-?code)\b|must|mustn'?t|make sure|avoid|(?:^|(?:must|should|please) )always|always (?:use|run|keep|check|add|write|return|include|prefer|ask)|prefer|should(?:n'?t| not)|not allowed|no more than|at most|at least|stick to|no new|leave [\w./-]+(?: [\w./-]+)? alone|(?:are|is|we're) not (?:adding|using|changing|touching))\b/i;
const SOFT_CONSTRAINT =
  /\b(?:keep|only (?:use|want|need|allow|change|touch|modify|edit|run|return|accept|support|add)|without|has to|have to|instead of|needs? to be)\b/i;

/** How firmly a sentence states a constraint: 2 outright, 1 probably, 0 not at all. */
export function constraintStrength(sentence: string): 0 | 1 | 2 {
  const question = sentence.trimEnd().endsWith('?');
  if (question) return 0;
  if (FIRM_CONSTRAINT.test(sentence)) return 2;
  return SOFT_CONSTRAINT.test(sentence) ? 1 : 0;
}

/** Wording that states a decision outright. */
export const STRONG_DECISION_CUE =
  /\b(?:decided|decide to|decision|chose|chosen|choos(?:e|ing)|going with|go with|instead of|rather than|opted|settled on|trade-?off|in favou?r of)\b|^\**(?:fix|approach|solution|plan|decision)\**\s*(?:\([^)]*\))?\s*:/i;
/** Wording of an intention, a decision only when a reason comes with it. */
export const WEAK_DECISION_CUE =
  /\b(?:I'll|I will|we'll|we will|let's|let us|we should|I'm going to|plan is)\b/i;
/** Wording that gives a reason. */
export const REASON_CUE = /\b(?:because|since|so that|to avoid|in order to|otherwise|which means|due to)\b/i;

/** Wording that reports finished work. */
export const DONE_CUE =
  /\b(?:(?:I've|I have|we've|we have|now)\s+(?:\w+\s+)?(?:added|updated|fixed|implemented|created|removed|renamed|refactored|moved|changed|replaced|written|wrote|converted|ported|migrated|committed|extracted|deleted|cleaned)|all (?:\d+ )?tests? pass(?:es|ed)?|tests? (?:now )?pass(?:es)?|build (?:now )?(?:passes|succeeds)|compiles (?:cleanly|now)|successfully)\b|^(?:done|fixed|added|updated|implemented|created|removed|refactored|committed)\b/i;
/** Wording that says a problem went away. */
export const FIX_CUE =
  /\b(?:fixed|fixes|resolved|the fix|now pass(?:es)?|passing now|tests? (?:now )?pass(?:es)?|works now|now works|succeeds now|no (?:more )?errors|compiles (?:cleanly|now)|(?:is|now) clean|clean build)\b/i;
/** Wording that explains a problem's cause. */
export const CAUSE_CUE =
  /\b(?:the (?:issue|problem|error|bug|cause|culprit) (?:is|was)|caused by|because|due to|root cause)\b/i;
/** Wording of what comes next. */
export const PLAN_CUE =
  /\b(?:next|I'll|I will|we'll|we will|will now|going to|let me|let's|plan to|todo|remaining|still need|needs? to|left to do|follow[- ]up)\b/i;

/** Short replies that carry no task ("ok", "continue"). */
export const ACKNOWLEDGEMENT =
  /^(?:ok(?:ay)?|k|yes|yep|yeah|yo|no|nope|thanks?(?: you)?|ty|great|nice|cool|good|perfect|wow|continue|go on|go ahead|proceed|sure|lgtm|do it|please continue|keep going|hm+|hi|hello)[\s.!?]*$/i;
