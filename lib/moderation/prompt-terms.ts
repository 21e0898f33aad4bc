// The words a prompt is refused for, by language (spec §5's safety, enforced before any charge):
// `refused` alone refuses a prompt (sexual violence, explicit sexual requests, sexual content with
// minors); `sexual` refuses only next to a word from `minors`, so "a naked tree" or "kids' birthday
// cake" pass. Written plainly: lib/moderation/prompt.ts folds accents, look-alike letters, digits and
// repeats out of both the terms and the prompt. In Latin-script lists a term matches whole words, a
// trailing `*` lets the word go on ("porno*" matches "pornografía"); CJK terms match anywhere.
// English explicit words come from obscenity's dataset (ENGLISH_EXPLICIT_WORDS), not from here.

export interface PromptTerms {
  refused: readonly string[];
  sexual: readonly string[];
  minors: readonly string[];
}

/** The words of obscenity's English dataset that name explicit sexual content. */
export const ENGLISH_EXPLICIT_WORDS = [
  "porn",
  "hentai",
  "blowjob",
  "handjob",
  "gangbang",
  "deepthroat",
  "fellatio",
  "double penetration",
  "bestiality",
  "masturbate",
  "jizz",
  "dildo",
  "incest",
] as const;

/** Latin-script languages: whole words. */
export const LATIN_TERMS: Record<"en" | "es" | "fr" | "de", PromptTerms> = {
  en: {
    refused: [
      "rape",
      "raped",
      "rapes",
      "raping",
      "rapist*",
      "sexual assault*",
      "sexually assault*",
      "molest*",
      "non consensual",
      "nonconsensual",
      "forced sex",
      "sex act*",
      "sex scene*",
      "having sex",
      "intercourse",
      "explicit sex*",
      "xxx",
      "loli",
      "lolicon",
      "shota*",
      "child porn*",
      "jailbait",
      "pedo",
      "pedophil*",
      "paedophil*",
      "csam",
    ],
    sexual: ["nude", "nudes", "nudity", "naked", "topless", "sexy", "sex", "sexual*", "erotic*", "lingerie", "undressed", "nsfw", "seductive"],
    minors: [
      "child",
      "children",
      "kid",
      "kids",
      "minor",
      "minors",
      "underage*",
      "teen",
      "teens",
      "teenage*",
      "preteen*",
      "little girl*",
      "little boy*",
      "schoolgirl*",
      "schoolboy*",
      "toddler*",
      "infant*",
      "young girl*",
      "young boy*",
    ],
  },
  es: {
    refused: [
      "porno*",
      "pornograf*",
      "violacion*",
      "violar",
      "violada*",
      "violado*",
      "abuso sexual",
      "agresion sexual",
      "pedofil*",
      "sexo explicito",
      "sexo oral",
      "teniendo sexo",
      "hentai",
    ],
    sexual: ["desnud*", "sexy", "sexo", "sexual*", "erotic*", "lenceria", "provocativ*"],
    minors: ["nino", "ninos", "nina", "ninas", "menor de edad", "menores", "adolescente*", "infantil*", "colegiala*", "nene*"],
  },
  fr: {
    refused: [
      "porno*",
      "pornograph*",
      "viol",
      "viols",
      "violer",
      "violeur*",
      "agression sexuelle",
      "agressions sexuelles",
      "abus sexuel*",
      "pedophil*",
      "pedoporn*",
      "sexe explicite",
      "acte sexuel",
      "actes sexuels",
      "hentai",
    ],
    sexual: ["nu", "nue", "nus", "nues", "denude*", "sexy", "sexe", "sexuel*", "erotique*", "lingerie", "deshabille*"],
    minors: ["enfant*", "mineur", "mineure*", "mineurs", "adolescent*", "ado", "ados", "fillette*", "gamin*", "ecolier*", "ecoliere*"],
  },
  de: {
    refused: [
      "porno*",
      "pornograf*",
      "vergewaltig*",
      "sexuelle gewalt",
      "sexueller missbrauch",
      "sexuellen missbrauch*",
      "kinderporno*",
      "padophil*",
      "paedophil*",
      "geschlechtsverkehr",
      "sexszene*",
      "hentai",
    ],
    sexual: ["nackt*", "sexy", "sex", "sexuell*", "erotisch*", "reizwasche", "entblosst*"],
    minors: ["kind", "kinder", "kindes", "kindlich*", "minderjahrig*", "jugendlich*", "teenager*", "madchen", "schulmadchen*", "kleinkind*"],
  },
};

/** Chinese and Japanese write without spaces: each term matches anywhere. */
export const CJK_TERMS: Record<"zh" | "ja", PromptTerms> = {
  zh: {
    refused: ["色情", "强奸", "強姦", "性侵", "性暴力", "恋童", "戀童", "性交", "做爱", "做愛", "黄片", "裸聊"],
    sexual: ["裸体", "裸體", "全裸", "裸露", "性感", "脱光"],
    minors: ["儿童", "兒童", "幼女", "幼童", "未成年", "小孩", "孩子", "萝莉", "蘿莉", "小学生", "初中生"],
  },
  ja: {
    refused: ["ポルノ", "レイプ", "強姦", "性的暴行", "性暴力", "ロリコン", "性交", "セックス", "無修正"],
    sexual: ["裸体", "全裸", "ヌード", "エロ", "セクシー", "裸の"],
    minors: ["子供", "子ども", "児童", "幼女", "未成年", "小学生", "中学生", "ロリ"],
  },
};

/**
 * Innocent phrases taken out of a prompt before matching: words that fold into a refused one (the
 * French "râpé", grated, and Spanish "rapé", snuff, fold to "rape"; "rapeseed" is a crop; a
 * "pornstar martini" is a cocktail), and everyday phrases with a `sexual` word that say nothing
 * sexual ("naked eye", "nude colours", "nu-pieds": barefoot), so a child beside them is no reason.
 */
export const INNOCENT_WORDS: readonly RegExp[] = [
  /(?<!\p{L})r(?:âp[ée]|apé)e?s?(?!\p{L})/giu,
  /\brape\s*(?:seed|field|oil)s?\b/gi,
  /\bnaked[\s-]+eye\b/gi,
  /\bnude[\s-]+(?:colou?r(?:ed|s)?|tones?|shades?|beige|lipsticks?|heels?|shoes?|palette)\b/gi,
  /\b(?:nu-?pieds|pieds\s+nus|nu-?t[êe]te|torse\s+nu)\b/gi,
  /\bporn\s*star\s+martinis?\b/gi,
];
