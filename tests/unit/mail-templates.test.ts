import { passwordResetMail, verificationMail, webhookDisabledMail } from "@/lib/mail/templates";

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

  it("tell an endpoint's owner, in their language, which address was switched off after how many failures", () => {
    const url = 'https://hooks.example.com/in?a=1&b="2"';
    const mail = webhookDisabledMail({
      to: "x@example.com",
      name: "Kenji",
      locale: "ja",
      link: "https://pictura.example/ja/account#webhooks",
      url,
      failures: 5,
    });
    expect(mail.subject).toBe("Pictura の Webhook エンドポイントが無効になりました");
    expect(mail.text).toContain(`${url} への直近 5 件の送信`);
    expect(mail.html).toContain("https://hooks.example.com/in?a=1&amp;b=&quot;2&quot;");
    expect(mail.html).toContain('href="https://pictura.example/ja/account#webhooks"');
  });
});
