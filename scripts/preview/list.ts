// npm run preview:list: the previews' databases on the server in DATABASE_URL, oldest first, with
// their age; a database named like a preview's that preview:up did not make is shown as unmarked.
import { formatAge, previewList } from "../../lib/preview/lifecycle";
import { run, serverUrl } from "./cli";

run(async () => {
  const previews = await previewList(serverUrl());
  if (previews.length === 0) {
    console.log("No previews.");
    return;
  }
  const width = Math.max(...previews.map((entry) => entry.database.length));
  for (const entry of previews) {
    const age =
      entry.ageMs === null
        ? "unmarked: not made by preview:up, preview:down refuses it"
        : `${formatAge(entry.ageMs)} old (since ${entry.createdAt!.toISOString()})`;
    console.log(`${entry.database.padEnd(width)}  ${(entry.name ?? "?").padEnd(20)}  ${age}`);
  }
});
