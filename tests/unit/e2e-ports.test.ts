// The browser tests run their spec files side by side, and several start servers of their own, each
// at a fixed port. Two files at one port fail at random, whichever starts second (EADDRINUSE): every
// port the browser tests name is named once.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const E2E = path.join(process.cwd(), "tests/e2e");
/** `const PORT = 3173`, `appPort: 3177`, `Number(process.env.E2E_PORT ?? 3100)`: a port's name, then its number. */
const PORT_DECLARATION = /\b\w*(?:PORT|Port)\w*\s*[:=]\s*(?:Number\(process\.env\.\w+ \?\? )?(\d{4,5})\b/g;

function declaredPorts(): Array<{ file: string; port: number }> {
  return readdirSync(E2E)
    .filter((file) => file.endsWith(".ts"))
    .flatMap((file) => [...readFileSync(path.join(E2E, file), "utf8").matchAll(PORT_DECLARATION)].map((match) => ({ file, port: Number(match[1]) })));
}

describe("the browser tests' ports", () => {
  it("are found in the spec files and their helpers", () => {
    const ports = declaredPorts();
    expect(ports.length).toBeGreaterThan(10);
    expect(ports).toEqual(
      expect.arrayContaining([
        { file: "platform-next-start.spec.ts", port: 3177 },
        { file: "server-env.ts", port: 3100 },
      ]),
    );
  });

  it("are each named by one file, once", () => {
    const byPort = new Map<number, string[]>();
    for (const { file, port } of declaredPorts()) byPort.set(port, [...(byPort.get(port) ?? []), file]);
    expect([...byPort].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
