// npm run preview:down -- <name>: drops the preview's database (WITH (FORCE), only one preview:up
// marked) and deletes its files (its folder on disk or its prefix in the bucket).
import { storageEnv } from "../../lib/env";
import { previewDown } from "../../lib/preview/lifecycle";
import { nameArgument, run, serverUrl } from "./cli";

run(async () => {
  const result = await previewDown(serverUrl(), nameArgument("preview:down"), storageEnv());
  const { database, storage } = result;
  console.log(database === "dropped" ? `Dropped ${result.identity.database}.` : `${result.identity.database} did not exist.`);
  console.log(`Deleted the files under ${storage.where}${storage.objects === null ? "" : ` (${storage.objects} objects)`}.`);
});
