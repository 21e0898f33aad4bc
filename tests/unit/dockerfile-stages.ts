// The Dockerfile read as Docker reads it, for the checks that cannot run Docker here: its stages, each
// stage's COPY lines and RUN commands, and which build-context paths .dockerignore leaves out.
// Node only: used by dockerfile.test.ts and by the browser tests that rebuild the runtime stage's files.
import path from "node:path";

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

export function dockerfileStages(text: string): { args: Map<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = "", rest = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest };
    if (instruction.keyword === "FROM") {
      const [, base = "", name = ""] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({ name, base, instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === "ARG") {
      const [name, value = ""] = rest.split("=");
      args.set(name!, value);
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { args, stages };
}

export interface Copy {
  /** The stage copied from, or null for the build context. */
  from: string | null;
  chown: string | null;
  sources: string[];
  destination: string;
}

export function copiesOf(stage: Stage): Copy[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === "COPY")
    .map((instruction) => {
      const words = instruction.args.split(/\s+/);
      const flag = (name: string) => words.find((word) => word.startsWith(`--${name}=`))?.split("=")[1] ?? null;
      const paths = words.filter((word) => !word.startsWith("--"));
      return { from: flag("from"), chown: flag("chown"), sources: paths.slice(0, -1), destination: paths.at(-1)! };
    });
}

/** The stage's RUN commands, one per line. */
export function runsIn(stage: Stage): string {
  return stage.instructions
    .filter((instruction) => instruction.keyword === "RUN")
    .map((instruction) => instruction.args)
    .join("\n");
}

/** Whether .dockerignore's patterns leave a context path ("lib/generated/x.ts") out; the last matching pattern decides. */
export function dockerignored(file: string, dockerignore: string): boolean {
  const patterns = dockerignore
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  let ignored = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith("!");
    const glob = negated ? pattern.slice(1) : pattern;
    if (path.matchesGlob(file, glob) || file.startsWith(`${glob}/`)) ignored = !negated;
  }
  return ignored;
}
