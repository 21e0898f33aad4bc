import { passwordResetMail, verificationMail } from "@/lib/mail/templates";

const link = "https://pictura.example/fr/auth/reset?token=abc_DEF-123";

describe("mails", () => {
  it("are written in the account's language, as plain text and HTML holding the same link", () => {
    const mail = passwordResetMail({ to: "ana@example.com", name: "Ana", locale: "fr", link });
    expect(mail.subject).toBe("Réinitialisez votre mot de passe Pictura");
    expect(mail.text).toContain("Bonjour Ana,");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('<html lang="fr">');
  });

  it("escape the person's name in HTML", () => {
    const mail = verificationMail({ to: "x@example.com", name: '<img src=x onerror="alert(1)">', locale: "en", link });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("fall back to English for a language we do not write", () => {
    expect(verificationMail({ to: "x@example.com", name: "X", locale: "xx", link }).subject).toBe("Confirm your e-mail address for Pictura");
  });
});
