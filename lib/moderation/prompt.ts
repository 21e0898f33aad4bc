// Prompt moderation before any charge: every image operation's prompt passes assertPromptAllowed
// (lib/imaging/operations.ts), which refuses sexual content with minors, sexual violence and explicit
// sexual requests in any of the six languages (lists in ./prompt-terms.ts). Disguises are folded away
// first: case, accents, Cyrillic and Greek look-alikes, leet digits and signs, letters repeated three
// times or more, and words spelled out letter by letter ("n u d e", "p.o.r.n"). English explicit words
// go through obscenity's matcher as well, which knows more of their spellings.
import { DataSet, englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import { LocalizedError } from "@/lib/errors";
import { CJK_TERMS, ENGLISH_EXPLICIT_WORDS, INNOCENT_WORDS, LATIN_TERMS, type PromptTerms } from "./prompt-terms";
import { PROMPT_REFUSED_MESSAGES } from "./refusal-message";

export type PromptRefusalReason = "explicit" | "minors";

/** Cyrillic and Greek letters that look like Latin ones, each above the letter it passes for. */
const LOOK_ALIKE_FROM = "авеёкмнопрстухіјѕԁαβεηικνορτυχςσ";
const LOOK_ALIKE_TO = "abeekmhonpctyxijsdabenikvoptuxss";
const LOOK_ALIKES: Record<string, string> = {
  ...Object.fromEntries(Array.from(LOOK_ALIKE_FROM, (char, index) => [char, LOOK_ALIKE_TO[index]!])),
  // Latin letters NFKD leaves alone
  ...{ ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ı: "i" },
};

const LEET: Record<string, string> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i", "|": "l" };

/** Lower case, no accents, look-alikes and leet read as the letters they stand for ("1" as `one`). */
function fold(text: string, one: "i" | "l"): string {
  const plain = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  return Array.from(plain, (char) => (char === "1" ? one : (LOOK_ALIKES[char] ?? LEET[char] ?? char))).join("");
}

/** The Latin words, spelled-out letters joined ("n u d e" → "nude") and long repeats cut ("nuuude" → "nude"), as " word word ". */
function latinWords(folded: string): string {
  const words: string[] = [];
  let letters = "";
  // A one-letter word before the spelled-out one ("a n u d e") joins it too: both readings are kept.
  const endLetters = () => {
    if (letters) words.push(...(letters.length > 3 ? [letters, letters.slice(1)] : [letters]));
    letters = "";
  };
  for (const token of folded.split(/[^a-z]+/).filter(Boolean)) {
    if (token.length === 1) {
      letters += token;
      continue;
    }
    endLetters();
    words.push(token);
  }
  endLetters();
  return ` ${words.join(" ").replace(/([a-z])\1{2,}/g, "$1")} `;
}

/** Every character but letters dropped, for the CJK lists. */
const compact = (folded: string): string => folded.replace(/[^\p{L}]+/gu, "");

const latinTerm = (term: string): string => {
  const words = latinWords(fold(term.replace(/\*$/, ""), "i")).trimEnd();
  return term.endsWith("*") ? words : `${words} `;
};

interface FoldedTerms {
  refused: string[];
  sexual: string[];
  minors: string[];
}

const merge = (lists: PromptTerms[], prepare: (term: string) => string): FoldedTerms => ({
  refused: lists.flatMap((list) => list.refused.map(prepare)),
  sexual: lists.flatMap((list) => list.sexual.map(prepare)),
  minors: lists.flatMap((list) => list.minors.map(prepare)),
});

const LATIN = merge(Object.values(LATIN_TERMS), latinTerm);
const CJK = merge(Object.values(CJK_TERMS), (term) => compact(fold(term, "i")));

const explicitEnglish = new Set<string>(ENGLISH_EXPLICIT_WORDS);
const englishMatcher = new RegExpMatcher({
  ...new DataSet<{ originalWord: string }>()
    .addAll(englishDataset)
    .removePhrasesIf((phrase) => !explicitEnglish.has(phrase.metadata?.originalWord ?? ""))
    .build(),
  ...englishRecommendedTransformers,
});

function verdict(text: string, terms: FoldedTerms): PromptRefusalReason | null {
  if (terms.refused.some((term) => text.includes(term))) return "explicit";
  if (terms.sexual.some((term) => text.includes(term)) && terms.minors.some((term) => text.includes(term))) return "minors";
  return null;
}

/** Why the prompt is refused, or null when it may be used. */
export function promptRefusal(prompt: string): PromptRefusalReason | null {
  const text = INNOCENT_WORDS.reduce((current, pattern) => current.replace(pattern, " "), prompt);
  for (const one of ["i", "l"] as const) {
    const folded = fold(text, one);
    const words = latinWords(folded);
    const reason = verdict(words, LATIN) ?? verdict(compact(folded), CJK);
    if (reason) return reason;
    if (englishMatcher.hasMatch(words)) return "explicit";
  }
  return null;
}

/** A prompt refused before anything is charged: 400, the spec's safety text in the caller's language. */
export class PromptRefusedError extends LocalizedError {
  constructor(readonly reason: PromptRefusalReason) {
    super(400, "prompt_refused", PROMPT_REFUSED_MESSAGES);
  }
}

export function assertPromptAllowed(prompt: string | null | undefined): void {
  const reason = prompt ? promptRefusal(prompt) : null;
  if (reason) throw new PromptRefusedError(reason);
}
