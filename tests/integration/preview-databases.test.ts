// npm run preview:up / down / list, through the functions the scripts call: each preview has its own
// marked database on the server and its own storage prefix; up is safe to repeat, down refuses any
// database up did not mark, list tells each one's age, and names are checked before anything is made.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import type { StorageEnv } from "@/lib/env";
import { UnmarkedDatabaseError, withServer } from "@/lib/preview/databases";
import { formatAge, previewDown, previewList, previewUp } from "@/lib/preview/lifecycle";
import { PreviewNameError } from "@/lib/preview/names";
import { TEST_DATABASE_URL } from "../setup/test-env";

jest.setTimeout(120_000);

const SERVER_URL = TEST_DATABASE_URL;
const name = `jest-${process.pid}-${Date.now().toString(36)}`;
const database = `pictura_preview_${name.replace(/-/g, "_")}`;
let storage: StorageEnv;
let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), "pictura-previews-"));
  storage = { STORAGE_DIR: storageDir, S3_FORCE_PATH_STYLE: false } as StorageEnv;
});

afterAll(async () => {
  await previewDown(SERVER_URL, name, storage).catch(() => undefined);
  await rm(storageDir, { recursive: true, force: true });
});

const TABLES = ["users", "credit_transactions", "subscriptions", "stored_files", "saved_images", "projects", "project_files", "plans", "_prisma_migrations"];

/** Every row that matters, by table, so two runs can be compared whole (bar the plans' upsert time). */
async function snapshot(url: string): Promise<Record<string, string[]>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, string[]> = {};
    for (const table of TABLES) {
      const { rows } = await client.query(`SELECT (to_jsonb(t) - 'updatedAt')::text AS row FROM "${table}" t`);
      result[table] = rows.map((row: { row: string }) => row.row).sort();
    }
    return result;
  } finally {
    await client.end();
  }
}

const filesUnder = async (dir: string) => (await readdir(dir, { recursive: true })).filter((entry) => entry.endsWith(".png")).sort();

describe("preview databases", () => {
  it("up makes a marked database with the reviewers and says how to deploy it; a second up changes nothing", async () => {
    const first = await previewUp(SERVER_URL, name, storage);
    expect(first.created).toBe(true);
    expect(first.environment).toEqual({
      DATABASE_URL: expect.stringMatching(new RegExp(`/${database}$`)),
      APP_ENV: "preview",
      PREVIEW_NAME: name,
      STORAGE_PREFIX: `previews/${name.replace(/-/g, "_")}`,
    });
    const url = first.environment.DATABASE_URL!;
    const before = await snapshot(url);
    expect(before.users).toHaveLength(4);
    expect(before.saved_images).toHaveLength(6);
    expect(before.projects).toHaveLength(4);
    const files = await filesUnder(path.join(storageDir, first.environment.STORAGE_PREFIX!));
    expect(files).toHaveLength(10);

    const second = await previewUp(SERVER_URL, name, storage);
    expect(second.created).toBe(false);
    expect(second.environment).toEqual(first.environment);
    expect(await snapshot(url)).toEqual(before);
    expect(await filesUnder(path.join(storageDir, first.environment.STORAGE_PREFIX!))).toEqual(files);
  });

  it("list shows each preview with its age since up made it", async () => {
    const entry = (await previewList(SERVER_URL)).find((item) => item.database === database);
    expect(entry).toMatchObject({ name, createdAt: expect.any(Date) });
    expect(entry!.ageMs).toBeGreaterThanOrEqual(0);
    const later = new Date(entry!.createdAt!.getTime() + (26 * 60 + 5) * 60_000);
    const aged = (await previewList(SERVER_URL, later)).find((item) => item.database === database);
    expect(formatAge(aged!.ageMs!)).toBe("1d 2h");
    expect([formatAge(0), formatAge(45_000), formatAge(3_725_000)]).toEqual(["0s", "45s", "1h 2m"]);
  });

  it("down refuses a database that up did not make, and leaves it and its files alone", async () => {
    const stranger = `unmarked-${process.pid}`;
    const strangerDb = `pictura_preview_${stranger.replace(/-/g, "_")}`;
    await withServer(SERVER_URL, (client) => client.query(`CREATE DATABASE "${strangerDb}"`));
    try {
      await expect(previewDown(SERVER_URL, stranger, storage)).rejects.toBeInstanceOf(UnmarkedDatabaseError);
      await expect(previewUp(SERVER_URL, stranger, storage)).rejects.toBeInstanceOf(UnmarkedDatabaseError);
      const listed = (await previewList(SERVER_URL)).find((item) => item.database === strangerDb);
      expect(listed).toMatchObject({ name: null, ageMs: null });
      const exists = await withServer(SERVER_URL, (client) => client.query("SELECT 1 FROM pg_database WHERE datname = $1", [strangerDb]));
      expect(exists.rowCount).toBe(1);
    } finally {
      await withServer(SERVER_URL, (client) => client.query(`DROP DATABASE IF EXISTS "${strangerDb}" WITH (FORCE)`));
    }
  });

  it("down drops the preview's database and deletes its files; again, it finds nothing to do", async () => {
    const prefixDir = path.join(storageDir, "previews", name.replace(/-/g, "_"));
    const result = await previewDown(SERVER_URL, name, storage);
    expect(result).toMatchObject({ database: "dropped", storage: { where: prefixDir, objects: null } });
    expect((await previewList(SERVER_URL)).map((item) => item.database)).not.toContain(database);
    await expect(readdir(prefixDir)).rejects.toMatchObject({ code: "ENOENT" });
    expect((await previewDown(SERVER_URL, name, storage)).database).toBe("absent");
  });

  it.each(["", "PR-12", "pr 12", "pr.12", "-pr", "pr/12", "ü", "a".repeat(41), "x;DROP DATABASE postgres"])(
    "refuses the name %p before making anything",
    async (bad) => {
      const databases = async () => (await previewList(SERVER_URL)).map((item) => item.database);
      const before = await databases();
      await expect(previewUp(SERVER_URL, bad, storage)).rejects.toBeInstanceOf(PreviewNameError);
      await expect(previewDown(SERVER_URL, bad, storage)).rejects.toBeInstanceOf(PreviewNameError);
      expect(await databases()).toEqual(before);
    },
  );
});
