// Reading a prompt the way the offline engine can: whole words (or phrases) in any of the six
// languages, and the colours it names, in the order they appear.
export type Rgb = [number, number, number];

const COLOURS: [string[], Rgb][] = [
  [
    ["red", "rojo", "roja", "rouge", "rot", "rote", "赤", "红"],
    [220, 40, 50],
  ],
  [
    ["orange", "naranja", "orangefarben", "オレンジ", "橙"],
    [250, 140, 30],
  ],
  [
    ["yellow", "amarillo", "jaune", "gelb", "黄"],
    [250, 215, 40],
  ],
  [
    ["gold", "golden", "dorado", "doré", "or", "golden", "金"],
    [230, 180, 60],
  ],
  [
    ["green", "verde", "vert", "grün", "grüne", "緑", "绿"],
    [40, 170, 80],
  ],
  [
    ["teal", "turquoise", "turquesa", "türkis", "cyan"],
    [30, 180, 190],
  ],
  [
    ["blue", "azul", "bleu", "blau", "blaue", "青", "蓝"],
    [40, 100, 220],
  ],
  [["navy"], [20, 30, 90]],
  [
    ["purple", "violet", "morado", "púrpura", "lila", "紫"],
    [140, 60, 200],
  ],
  [
    ["pink", "rosa", "rose", "ピンク", "粉"],
    [245, 120, 180],
  ],
  [
    ["brown", "marrón", "brun", "braun", "茶", "棕"],
    [120, 75, 40],
  ],
  [
    ["black", "negro", "noir", "schwarz", "黒", "黑"],
    [20, 20, 25],
  ],
  [
    ["white", "blanco", "blanc", "weiß", "weiss", "白"],
    [245, 245, 245],
  ],
  [
    ["gray", "grey", "gris", "grau", "灰"],
    [130, 130, 135],
  ],
  [
    ["silver", "plata", "argent", "silber", "銀", "银"],
    [190, 195, 205],
  ],
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
  return COLOURS.flatMap(([words, rgb]) => {
    const positions = words.map((word) => indexOfWord(text, word)).filter((index) => index >= 0);
    return positions.length ? [{ at: Math.min(...positions), rgb }] : [];
  })
    .sort((a, b) => a.at - b.at)
    .map((found) => found.rgb);
}
