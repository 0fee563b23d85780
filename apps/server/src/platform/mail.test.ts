import { readFileSync } from "node:fs";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { startSmtpServer } from "../test/smtp.js";
import { tempDir } from "../test/temp-dir.js";
import { composeMail, createMailer } from "./mail.js";

const log = pino({ level: "silent" });
const resetMail = composeMail({
  to: "alice@example.com",
  subject: "Your Flik code",
  heading: "Reset your password",
  paragraphs: ["Use this code <now>."],
  code: "123456",
});

describe("mailer", () => {
  it("sends through SMTP_URL's server, in text and HTML", async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: "Flik <no-reply@flik.test>", supportEmail: undefined },
      null,
      log,
    );
    await mailer.send(resetMail);
    const received = await smtp.nextMailTo("alice@example.com");
    expect(received.from).toBe("no-reply@flik.test");
    expect(received.source).toContain("Subject: Your Flik code");
    expect(received.source).toContain("Your code: 123456");
    expect(received.source).toContain("text/html");
    expect(received.source).toContain("Use this code &lt;now&gt;.");
    expect(mailer.kept).toHaveLength(0);
    mailer.close();
  });

  it("gives each link a real, escaped <a href> in the HTML part and 'label: address' in the text part", async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: "Flik <no-reply@flik.test>", supportEmail: undefined },
      null,
      log,
    );
    await mailer.send(
      composeMail({
        to: "bob@example.com",
        subject: "Links",
        heading: "Hi",
        paragraphs: ["Something happened."],
        links: [{ label: "Open <this>", href: 'https://flik.example/a?b=1&c="2"' }],
      }),
    );
    const { source } = await smtp.nextMailTo("bob@example.com");
    expect(source).toContain('Open <this>: https://flik.example/a?b=1&c="2"');
    expect(source).toMatch(
      /<a href="https:\/\/flik\.example\/a\?b=1&amp;c=&quot;2&quot;"[^>]*>Open &lt;this&gt;<\/a>/,
    );
    mailer.close();
  });

  it("keeps mail in the outbox folder without SMTP_URL", async () => {
    const dataDir = tempDir("outbox");
    const mailer = createMailer(
      { smtpUrl: undefined, from: "Flik <no-reply@flik.test>", supportEmail: undefined },
      dataDir,
      log,
    );
    await mailer.send(resetMail);
    expect(mailer.kind).toBe("outbox");
    const [kept] = mailer.kept;
    expect(kept?.code).toBe("123456");
    expect(kept?.file).toMatch(/outbox\/.+\.eml$/);
    const eml = readFileSync(kept?.file ?? "", "utf8");
    expect(eml).toContain("To: alice@example.com");
    expect(eml).toContain("Subject: Your Flik code");
  });
});
