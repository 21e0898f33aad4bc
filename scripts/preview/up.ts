// npm run preview:up -- <name>: the preview's own database (created and marked, migrated, queues
// installed, plans and reviewer accounts seeded; safe to repeat) on the server in DATABASE_URL.
// Progress goes to stderr; stdout gets only the settings for the deploy, one NAME=value a line, so
// `npm run --silent preview:up -- pr-12 > preview.env` keeps them out of a CI log.
import { storageEnv } from "../../lib/env";
import { previewUp } from "../../lib/preview/lifecycle";
import { nameArgument, run, serverUrl } from "./cli";

run(async () => {
  const name = nameArgument("preview:up");
  const started = Date.now();
  const result = await previewUp(serverUrl(), name, storageEnv());
  console.error(`${result.created ? "Created" : "Updated"} ${result.identity.database} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  console.error(`Reviewer accounts: ${result.reviewers.join(", ")}`);
  console.error(`Files under the storage prefix ${result.identity.storagePrefix}. Deploy with these settings:`);
  for (const [key, value] of Object.entries(result.environment)) console.log(`${key}=${value}`);
});
