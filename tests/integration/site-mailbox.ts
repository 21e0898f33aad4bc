// The site's mail, caught for a whole test file: a fake SMTP server started before the file's tests,
// SMTP_URL and MAIL_FROM pointed at it, and both undone after. Read it through the getter.
import { startMailbox, type Mailbox } from "../fakes/mailbox";
import { setSettings } from "../setup/settings";

export function usingSiteMailbox(): () => Mailbox {
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
    setSettings({ SMTP_URL: mailbox.url, MAIL_FROM: "Pictura <no-reply@pictura.test>" });
  });
  afterAll(async () => {
    setSettings({ SMTP_URL: undefined, MAIL_FROM: undefined });
    await mailbox?.close();
  });
  return () => {
    if (!mailbox) throw new Error("The mailbox starts before the file's tests");
    return mailbox;
  };
}
