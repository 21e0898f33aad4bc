// Builds image requests the way the browser sends them, and reads results back through our file URL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { db } from "@/lib/db";
import { apiRequest, ORIGIN } from "./helpers";

export const PHOTOS = path.join(__dirname, "..", "fixtures", "photos");
export const photo = (name: "astronaut.png" | "coffee.png") => readFileSync(path.join(PHOTOS, name));
export const dataUrl = (buffer: Buffer, type = "image/png") => `data:${type};base64,${buffer.toString("base64")}`;

export function multipartRequest(pathname: string, cookie: string | undefined, parts: Record<string, string | Blob | Blob[]>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "string") form.append(name, item);
      else form.append(name, item, `${name}.png`);
    }
  }
  const headers = new Headers({ host: "localhost:3000", origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${pathname}`, { method: "POST", headers, body: form });
}

export const blob = (buffer: Buffer, type = "image/png") => new Blob([new Uint8Array(buffer)], { type });

/** The cookies an answer set, as the browser sends them back ("name=value; …"): a guest's key among them. */
export function cookiesSetBy(response: Response): string | undefined {
  const pairs = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  return pairs.length > 0 ? pairs.join("; ") : undefined;
}

/** Fetches one of our file URLs as the given viewer would. */
export async function fetchFile(url: string, cookie?: string): Promise<Response> {
  const id = url.replace("/api/files/", "");
  return getFile(apiRequest("GET", url, { cookie }), { params: Promise.resolve({ id }) });
}

export async function ledgerKinds(userId: string): Promise<string[]> {
  const rows = await db.creditTransaction.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  return rows.map((row) => `${row.kind}:${row.delta}`);
}

export const balanceOf = async (userId: string) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).credits;

/** The ledger agrees with the balance: the sum of every row is what the user holds. */
export async function ledgerMatchesBalance(userId: string): Promise<boolean> {
  const rows = await db.creditTransaction.findMany({ where: { userId } });
  return rows.reduce((sum, row) => sum + row.delta, 0) === (await balanceOf(userId));
}
