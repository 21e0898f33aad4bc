import { needsSafetyRewrite, rewritePromptForSafety } from "@/lib/imaging/safety";

describe("the prompt safety rewrite", () => {
  it("leaves an ordinary prompt alone", () => {
    const rewrite = rewritePromptForSafety("A cosy cabin in a snowy forest at dusk");
    expect(rewrite).toEqual({ original: "A cosy cabin in a snowy forest at dusk", suggestion: "A cosy cabin in a snowy forest at dusk", changes: [] });
    expect(needsSafetyRewrite("make it brighter")).toBe(false);
  });

  it.each([
    ["remove the car from the street", "Show the scene without the car from the street, with that area filled in naturally so it blends with its surroundings"],
    [
      "Please get rid of the people in the background.",
      "Show the scene without the people in the background, with that area filled in naturally so it blends with its surroundings",
    ],
    ["erase a lamp post", "Show the scene without the lamp post, with that area filled in naturally so it blends with its surroundings"],
    [
      "clean up the crumbs on the table",
      "Show the scene without the crumbs on the table, with that area filled in naturally so it blends with its surroundings",
    ],
    ["edit out the logo", "Show the scene without the logo, with that area filled in naturally so it blends with its surroundings"],
  ])("turns the removal request %p into a positive description", (prompt, expected) => {
    const rewrite = rewritePromptForSafety(prompt);
    expect(rewrite.suggestion).toBe(expected);
    expect(rewrite.changes[0]).toMatchObject({ kind: "removal" });
  });

  it("replaces copyrighted characters with generic descriptions", () => {
    const rewrite = rewritePromptForSafety("Pikachu and Spider-Man having a picnic with Mickey Mouse");
    expect(rewrite.suggestion).toBe("A small yellow electric creature and a masked superhero having a picnic with a cheerful cartoon mouse");
    expect(rewrite.changes.map((change) => [change.kind, change.from])).toEqual([
      ["copyright", "Mickey Mouse"],
      ["copyright", "Pikachu"],
      ["copyright", "Spider-Man"],
    ]);
  });

  it("softens harmful terms", () => {
    const rewrite = rewritePromptForSafety("a knight with a bloody sword and a gun");
    expect(rewrite.suggestion).toBe("A knight with a red paint sword and a toy blaster");
    expect(rewrite.changes.every((change) => change.kind === "harmful")).toBe(true);
  });

  it("does not touch words that merely contain a flagged word", () => {
    expect(needsSafetyRewrite("a clearing in the woods with a bloodhound and a gunmetal sky")).toBe(false);
    expect(needsSafetyRewrite("clean lines, removed from the city")).toBe(false);
  });
});
