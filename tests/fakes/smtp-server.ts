// The browser tests' mail server: a real SMTP server on 127.0.0.1:FAKE_SMTP_PORT that writes each
// mail it receives to FAKE_SMTP_DIR as an .eml file, where the tests read it.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startMailbox } from "./mailbox";

const port = Number(process.env.FAKE_SMTP_PORT ?? 3197);
const dir = process.env.FAKE_SMTP_DIR;
if (!dir) throw new Error("FAKE_SMTP_DIR is not set");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

let count = 0;
startMailbox({
  port,
  onMail(mail) {
    count += 1;
    writeFileSync(path.join(dir, `${String(Date.now()).padStart(15, "0")}-${count}.eml`), mail.raw);
  },
})
  .then((mailbox) => {
    console.log(`Fake SMTP server listening on ${mailbox.url}, writing mail to ${dir}`);
    process.on("SIGTERM", () => void mailbox.close().then(() => process.exit(0)));
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
