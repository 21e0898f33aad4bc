// Reading a prompt the way the offline engine can: whole words (or phrases) in any of the six
// languages, and the colours it names, in the order they appear.
export type Rgb = [number, number, number];

/** Each colour a prompt may name, with its words in the six languages. */
const COLOURS: { rgb: Rgb; words: string[] }[] = [
  { rgb: [220, 40, 50], words: ["red", "rojo", "roja", "rouge", "rot", "rote", "赤", "红"] },
  { rgb: [250, 140, 30], words: ["orange", "naranja", "orangefarben", "オレンジ", "橙"] },
  { rgb: [250, 215, 40], words: ["yellow", "amarillo", "jaune", "gelb", "黄"] },
  { rgb: [230, 180, 60], words: ["gold", "golden", "dorado", "doré", "or", "golden", "金"] },
  { rgb: [40, 170, 80], words: ["green", "verde", "vert", "grün", "grüne", "緑", "绿"] },
  { rgb: [30, 180, 190], words: ["teal", "turquoise", "turquesa", "türkis", "cyan"] },
  { rgb: [40, 100, 220], words: ["blue", "azul", "bleu", "blau", "blaue", "青", "蓝"] },
  { rgb: [20, 30, 90], words: ["navy"] },
  { rgb: [140, 60, 200], words: ["purple", "violet", "morado", "púrpura", "lila", "紫"] },
  { rgb: [245, 120, 180], words: ["pink", "rosa", "rose", "ピンク", "粉"] },
  { rgb: [120, 75, 40], words: ["brown", "marrón", "brun", "braun", "茶", "棕"] },
  { rgb: [20, 20, 25], words: ["black", "negro", "noir", "schwarz", "黒", "黑"] },
  { rgb: [245, 245, 245], words: ["white", "blanco", "blanc", "weiß", "weiss", "白"] },
  { rgb: [130, 130, 135], words: ["gray", "grey", "gris", "grau", "灰"] },
  { rgb: [190, 195, 205], words: ["silver", "plata", "argent", "silber", "銀", "银"] },
];

const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;

function indexOfWord(text: string, word: string): number {
  // CJK has no spaces between words: a substring match is the word match there.
  if (CJK.test(word)) return text.indexOf(word);
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[^\\p{L}\\p{N}])`, "u");
  const match = pattern.exec(text);
  return match ? match.index + match[1]!.length : -1;
}

export function hasWord(prompt: string, words: string[]): boolean {
  const text = prompt.toLowerCase();
  return words.some((word) => indexOfWord(text, word) >= 0);
}

/** The colours a prompt names, first mentioned first. */
export function findColours(prompt: string): Rgb[] {
  const text = prompt.toLowerCase();
  return COLOURS.flatMap(({ words, rgb }) => {
    const positions = words.map((word) => indexOfWord(text, word)).filter((index) => index >= 0);
    return positions.length ? [{ at: Math.min(...positions), rgb }] : [];
  })
    .sort((a, b) => a.at - b.at)
    .map((found) => found.rgb);
}
