// The notice-and-action mails in each language: the owner's statement of reasons names what was
// removed, the rule, the operator's reason, that no automated means were used, and carries the appeal
// link as a button and as text; the reporter's receipt and outcome name the address and category;
// everything a person typed is escaped in the HTML.
import { locales } from "@/lib/i18n/locales";
import { appealOutcomeMail, reportOutcomeMail, reportReceiptMail, shareRemovalStatementMail } from "@/lib/mail/report-mails";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import ja from "@/messages/ja.json";
import zh from "@/messages/zh.json";

const MAIL = { en: en.Mail, es: es.Mail, fr: fr.Mail, de: de.Mail, zh: zh.Mail, ja: ja.Mail };
const url = "https://pictura.example/s/AbCdEfGhIjKlMnOpQrStUv";
const appealLink = "https://pictura.example/fr/appeal/tok_ABC-123";

describe("the statement of reasons for a removed share", () => {
  it.each(locales)("says what, which rule, why, how it was found and how to appeal, in %s", (locale) => {
    const mail = shareRemovalStatementMail({
      to: "owner@example.com",
      name: "Ana",
      locale,
      url,
      createdAt: new Date("2026-11-20T10:00:00Z"),
      rule: "privacy",
      explanation: "Shows a stranger's face without consent",
      appealLink,
      supportAddress: "support@pictura.example",
    });
    const texts = MAIL[locale];
    expect(mail.subject).toBe(texts.shareRemovalSubject);
    for (const part of [
      url,
      texts.shareRemovalRule_privacy,
      "Shows a stranger's face without consent",
      texts.shareRemovalDetected,
      texts.removalDecidedByPerson,
      appealLink,
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).toContain("support@pictura.example");
    expect(mail.html).toContain(`href="${appealLink}"`);
    expect(mail.html).toContain(`<html lang="${locale}">`);
  });

  it("escapes the operator's words in HTML", () => {
    const mail = shareRemovalStatementMail({
      to: "owner@example.com",
      name: "<b>Ana</b>",
      locale: "en",
      url,
      createdAt: new Date(),
      rule: "other",
      explanation: '<img src=x onerror="alert(1)">',
      appealLink,
      supportAddress: "support@pictura.example",
    });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>Ana");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("the reporter's mails", () => {
  it.each(locales)("confirm receipt and tell the outcome with the address, category and reference, in %s", (locale) => {
    const reporter = { to: "r@example.com", name: null, locale, url, category: "violence_terrorism", reportId: "rep_42" };
    const receipt = reportReceiptMail(reporter);
    expect(receipt.subject).toBe(MAIL[locale].reportReceiptSubject);
    for (const part of [url, MAIL[locale].reportCategory_violence_terrorism, "rep_42", MAIL[locale].reportReceiptNext]) expect(receipt.text).toContain(part);
    expect(reportOutcomeMail({ ...reporter, outcome: "removed" }).text).toContain(MAIL[locale].reportOutcomeRemoved);
    expect(reportOutcomeMail({ ...reporter, outcome: "dismissed" }).text).toContain(MAIL[locale].reportOutcomeDismissed);
  });

  it("greets a reporter without a name by their address", () => {
    expect(reportReceiptMail({ to: "r@example.com", name: null, locale: "en", url, category: "other", reportId: "rep_1" }).text).toMatch(
      /^Hello r@example\.com,/,
    );
  });
});

describe("the appeal's outcome", () => {
  it("tells the owner whether the removal stands or the share is back", () => {
    const base = { to: "owner@example.com", name: "Ana", locale: "de", url, explanation: "Licence checked" };
    const reversed = appealOutcomeMail({ ...base, outcome: "reversed" });
    expect(reversed.subject).toBe(de.Mail.appealReversedSubject);
    expect(reversed.text).toContain(de.Mail.appealReversedBody);
    const upheld = appealOutcomeMail({ ...base, outcome: "upheld" });
    expect(upheld.subject).toBe(de.Mail.appealUpheldSubject);
    expect(upheld.text).toContain("Licence checked");
  });
});
