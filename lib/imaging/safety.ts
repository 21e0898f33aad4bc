// The prompt safety rewrite of spec §5, run in the browser before a prompt is sent: removal verbs
// (which image models often refuse or misread) become a positive description of the wanted scene,
// and well-known copyrighted characters and harmful terms become generic words. The user sees the
// suggestion and decides; nothing is rewritten silently.

export type SafetyChangeKind = "removal" | "copyright" | "harmful";

export interface SafetyChange {
  kind: SafetyChangeKind;
  from: string;
  to: string;
}

export interface SafetyRewrite {
  original: string;
  /** The prompt to offer instead; equal to `original` when nothing needed changing. */
  suggestion: string;
  changes: SafetyChange[];
}

// "clean" and "clear" are also adjectives ("clean lines", "a clear sky"): only as verbs with an object.
const REMOVAL =
  /\b(?:please\s+)?(?:(?:remove|delete|erase|take\s+away|get\s+rid\s+of|edit\s+out)\b(?:\s+(?:the|a|an|all(?:\s+the)?|any))?|(?:clear|clean)(?:\s+(?:up|out|away))?\s+(?:the|a|an|all(?:\s+the)?|any)\b)/gi;

const COPYRIGHTED: [RegExp, string][] = [
  [/\bmickey(?:\s+mouse)?\b/gi, "a cheerful cartoon mouse"],
  [/\bminnie(?:\s+mouse)?\b/gi, "a cheerful cartoon mouse with a bow"],
  [/\bpikachu\b/gi, "a small yellow electric creature"],
  [/\bpok[eé]mon\b/gi, "cute fantasy creatures"],
  [/\bspider[\s-]?man\b/gi, "a masked superhero"],
  [/\bbat[\s-]?man\b/gi, "a caped vigilante hero"],
  [/\bsuper[\s-]?man\b/gi, "a flying superhero"],
  [/\biron[\s-]?man\b/gi, "a hero in high-tech armour"],
  [/\bharry\s+potter\b/gi, "a young wizard with round glasses"],
  [/\bhermione\b/gi, "a young witch"],
  [/\bdarth\s+vader\b/gi, "a dark armoured knight"],
  [/\b(?:baby\s+yoda|grogu|yoda)\b/gi, "a small green wise alien"],
  [/\b(?:super\s+)?mario\b/gi, "a cheerful plumber in a red cap"],
  [/\bluigi\b/gi, "a cheerful plumber in a green cap"],
  [/\bsonic(?:\s+the\s+hedgehog)?\b/gi, "a fast blue cartoon hedgehog"],
  [/\belsa\b/gi, "an ice princess"],
  [/\bshrek\b/gi, "a friendly green ogre"],
  [/\bhello\s+kitty\b/gi, "a cute cartoon cat with a bow"],
  [/\bwinnie(?:[\s-]the)?[\s-]pooh\b/gi, "a honey-loving teddy bear"],
  [/\bhomer\s+simpson\b/gi, "a cartoon dad"],
  [/\bgoku\b/gi, "a spiky-haired martial arts hero"],
  [/\bnaruto\b/gi, "a young ninja"],
  [/\bbarbie\b/gi, "a fashion doll"],
  [/\bbuzz\s+lightyear\b/gi, "a toy space ranger"],
];

const HARMFUL: [RegExp, string][] = [
  [/\b(?:bloody|blood)\b/gi, "red paint"],
  [/\b(?:gore|gory|gruesome)\b/gi, "dramatic"],
  [/\b(?:guns?|rifles?|pistols?|firearms?)\b/gi, "toy blaster"],
  [/\bweapons?\b/gi, "prop"],
  [/\b(?:kill(?:ing|ed)?|murder(?:ing|ed)?)\b/gi, "defeating"],
  [/\b(?:corpses?|dead\s+bod(?:y|ies))\b/gi, "sleeping figure"],
  [/\b(?:nude|naked|nsfw)\b/gi, "fully clothed"],
  [/\b(?:violent|violence)\b/gi, "dramatic"],
  [/\b(?:bombs?)\b/gi, "fireworks"],
];

function replaceAll(text: string, rules: [RegExp, string][], kind: SafetyChangeKind, changes: SafetyChange[]): string {
  return rules.reduce(
    (current, [pattern, replacement]) =>
      current.replace(pattern, (match) => {
        changes.push({ kind, from: match, to: replacement });
        return replacement;
      }),
    text,
  );
}

export function rewritePromptForSafety(prompt: string): SafetyRewrite {
  const changes: SafetyChange[] = [];
  let text = prompt.trim();
  let removed = false;
  text = text.replace(REMOVAL, (match) => {
    removed = true;
    changes.push({ kind: "removal", from: match.trim(), to: "show the scene without the" });
    return "show the scene without the";
  });
  if (removed) {
    text = `${text.replace(/[.!\s]+$/, "")}, with that area filled in naturally so it blends with its surroundings`;
    text = text.replace(/\bthe\s+the\b/gi, "the");
  }
  text = replaceAll(text, COPYRIGHTED, "copyright", changes);
  text = replaceAll(text, HARMFUL, "harmful", changes);
  const suggestion = text.charAt(0).toUpperCase() + text.slice(1);
  return { original: prompt, suggestion: changes.length ? suggestion : prompt, changes };
}

/** True when the rewrite has something to offer. */
export function needsSafetyRewrite(prompt: string): boolean {
  return rewritePromptForSafety(prompt).changes.length > 0;
}
