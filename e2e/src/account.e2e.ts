import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchBrowser, type Member, openContext, signedInMember, uploadedPhoto } from "./browser.js";
import { allTexts, mailedCode, mailsTo, textedCode } from "./outbox.js";

const browser = await launchBrowser();

/** A toast (or any alert) with this text. */
const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

async function signInThroughForm(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Types a code into the six boxes as a person does: the first box, then one digit after another. */
async function typeCode(scope: Page | Locator, code: string) {
  await scope.getByLabel("Digit 1 of 6").click();
  const page = "keyboard" in scope ? scope : scope.page();
  await page.keyboard.type(code);
}

/** The calls the page makes to paths containing `part`, from now on. */
function callsTo(page: Page, part: string): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.includes(part)) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

async function signInStatus(page: Page, identifier: string, password: string) {
  const response = await page.request.post("/api/auth/signin", { data: { identifier, password } });
  return response.status();
}

/** What GET /user answers with this token: 200 while its session lives, 401 once it has ended. */
async function sessionStatus(page: Page, token: string) {
  return (await page.request.get("/api/user", { headers: { authorization: `Bearer ${token}` } })).status();
}

async function me(page: Page, token: string) {
  const response = await page.request.get("/api/user", { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()).user;
}

/** A settings row's description: its status and value, which sit beside its button (Verified alice@…). */
const described = (row: Locator) =>
  row.evaluate((button) =>
    (button.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

async function openSettings(page: Page) {
  await page.goto("/settings");
  await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Email", exact: true }).waitFor();
}

/** A second browser, signed in as `member` through its own sign-in, showing their profile. */
async function secondDevice(member: Member): Promise<Page> {
  const { page } = await openContext(browser);
  await page.goto("/login");
  await signInThroughForm(page, member.username, member.password);
  await page.waitForURL("**/profile");
  await page.getByRole("heading", { name: `@${member.username}` }).waitFor();
  return page;
}

/** A phone number no other journey of this run uses, in the spec's "+1 415 555 2671" style. */
let phones = 0;
function newPhone() {
  const last = String((Date.now() + phones++) % 10_000).padStart(4, "0");
  return { typed: `+1 415 555 ${last}`, e164: `+1415555${last}` };
}

describe("forgot password", () => {
  it("resets the password with the e-mailed code: the new one works, the old one and every earlier session do not", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "forgetful");
    const before = await secondDevice(member);
    const beforeToken = (await before.evaluate(() => localStorage.getItem("token"))) ?? "";
    expect(await sessionStatus(before, beforeToken)).toBe(200);
    await page.evaluate(() => localStorage.clear());

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot");
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send code" }).click();
    await alert(
      page,
      "OTP sent successfully! If an account uses that email, a 6-digit code is on its way.",
    ).waitFor();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByText(member.email, { exact: true }).waitFor();

    const code = await mailedCode(member.email);
    const newPassword = "brand-new-horse-77";
    await page.getByLabel("New password").fill(newPassword);
    // The password is already valid: the last digit sends the reset by itself.
    await typeCode(page, code);
    await alert(page, "Password reset successfully!").waitFor();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Your password has been reset." }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe("");

    // The browser that was signed in before the reset is signed out.
    await before.waitForURL("**/login");
    expect(await before.evaluate(() => localStorage.getItem("token"))).toBeNull();
    expect(await sessionStatus(before, beforeToken)).toBe(401);
    expect(await sessionStatus(page, member.token)).toBe(401);

    // The old password no longer opens the account; the new one does.
    await page.getByRole("status").getByRole("link", { name: "Log in" }).click();
    await page.waitForURL("**/login");
    await signInThroughForm(page, member.username, member.password);
    await alert(page, "Incorrect email/username or password").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL("**/profile");
    await page.getByRole("heading", { name: `@${member.username}` }).waitFor();
  });

  it("refuses a wrong code with the server's reason and changes nothing", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "wrongcode");
    await page.evaluate(() => localStorage.clear());

    await page.goto("/forgot");
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    const code = await mailedCode(member.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

    // The code first, then the password: nothing is sent until the button.
    const resets = callsTo(page, "/api/auth/reset-password");
    await typeCode(page, wrong);
    await page.getByLabel("New password").fill("another-horse-88");
    expect(resets).toEqual([]);
    await page.getByRole("button", { name: "Reset password" }).click();
    await alert(page, "Failed to reset password, please try again.").waitFor();
    await alert(page, "Invalid or expired code").waitFor();
    expect(resets).toHaveLength(1);
    // Still at step 2 with the boxes emptied for another try.
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    expect(await page.getByLabel("Digit 1 of 6").inputValue()).toBe("");

    expect(await signInStatus(page, member.username, "another-horse-88")).toBe(401);
    expect(await signInStatus(page, member.username, member.password)).toBe(200);
  });
});

describe("settings", () => {
  it("changes the password: the message, then /login after the 2 s logout, and the new password works", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "passwordchange");
    await openSettings(page);

    await page
      .getByRole("region", { name: "Security" })
      .getByRole("button", { name: "Change password" })
      .click();
    const panel = page.getByRole("dialog", { name: "Change password" });
    await panel.getByLabel("Current password").fill(member.password);
    const newPassword = "fresh-horse-battery-9";
    await panel.getByLabel("New password").fill(newPassword);
    await panel.getByRole("button", { name: "Update password" }).click();
    await panel.getByRole("status").filter({ hasText: "Password updated! Please log in again." }).waitFor();
    await page.waitForURL("**/login");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    expect(await sessionStatus(page, member.token)).toBe(401);

    // The member's own logout starts afresh: signed in again, they land on their profile, whether the
    // socket's news of the ended session or the logout call's answer came first.
    await signInThroughForm(page, member.username, newPassword);
    await page.waitForURL("**/profile");
    await page.getByRole("heading", { name: `@${member.username}` }).waitFor();
    expect(await signInStatus(page, member.username, member.password)).toBe(401);
  });

  it("changes the e-mail with the code sent to the new address, and shows it verified", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "emailchange");
    await openSettings(page);
    const emailRow = page.getByRole("button", { name: "Email", exact: true });
    expect(await emailRow.getAttribute("aria-haspopup")).toBe("dialog");
    expect(await described(emailRow)).toBe(`Not verified ${member.email}`);

    await emailRow.click();
    const panel = page.getByRole("dialog", { name: "Email" });
    const newEmail = `new-${member.email}`;
    await panel.getByLabel("New email").fill(newEmail);
    await panel.getByRole("button", { name: "Send code" }).click();
    await alert(page, "OTP sent to your new email!").waitFor();
    await panel.getByText(newEmail, { exact: true }).waitFor();

    const code = await mailedCode(newEmail);
    expect(mailsTo(member.email).filter((mail) => mail.text.includes(code))).toEqual([]);
    await typeCode(panel, code);
    await alert(page, "Email verified successfully!").waitFor();
    await panel.waitFor({ state: "detached" });

    await expect.poll(() => described(emailRow)).toBe(`Verified ${newEmail}`);
    const user = await me(page, member.token);
    expect({ email: user.email, emailVerified: user.emailVerified }).toEqual({
      email: newEmail,
      emailVerified: true,
    });
  });

  it("verifies the address the member signed up with, where it is", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "emailverify");
    await openSettings(page);
    const emailRow = page.getByRole("button", { name: "Email", exact: true });
    expect(await described(emailRow)).toBe(`Not verified ${member.email}`);

    await emailRow.click();
    const panel = page.getByRole("dialog", { name: "Email" });
    await panel.getByRole("button", { name: "Verify this email" }).click();
    await alert(page, "OTP sent to your email!").waitFor();
    await typeCode(panel, await mailedCode(member.email));
    await alert(page, "Email verified successfully!").waitFor();
    await panel.waitFor({ state: "detached" });

    await expect.poll(() => described(emailRow)).toBe(`Verified ${member.email}`);
    const user = await me(page, member.token);
    expect({ email: user.email, emailVerified: user.emailVerified }).toEqual({
      email: member.email,
      emailVerified: true,
    });
  });

  it("changes the phone with the texted code; a malformed number is refused and sends nothing", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "phonechange");
    await openSettings(page);
    const requests = callsTo(page, "/api/user/phone");
    const textsBefore = allTexts().length;

    await page.getByRole("button", { name: "Phone", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "Phone number" });
    const field = panel.getByLabel("Phone number");
    await field.fill("+1 12");
    await panel.getByRole("button", { name: "Send code" }).click();
    await panel.getByText("Enter a valid phone number with its country code, e.g. +1 415 555 2671").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(requests).toEqual([]);
    expect(allTexts()).toHaveLength(textsBefore);

    const phone = newPhone();
    await field.fill(phone.typed);
    await panel.getByRole("button", { name: "Send code" }).click();
    await alert(page, "OTP sent to your phone!").waitFor();
    const code = await textedCode(phone.e164);
    await typeCode(panel, code);
    await alert(page, "Phone updated!").waitFor();
    await panel.waitFor({ state: "detached" });
    await expect
      .poll(() => described(page.getByRole("button", { name: "Phone", exact: true })))
      .toBe(`Verified ${phone.typed}`);

    const user = await me(page, member.token);
    expect({ phone: user.phone, phoneVerified: user.phoneVerified }).toEqual({
      phone: phone.e164,
      phoneVerified: true,
    });
  });
});

describe("sessions", () => {
  it("lists both devices and logs out the other one, which ends signed out", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "twodevices");
    const other = await secondDevice(member);
    await openSettings(page);

    await page.getByRole("button", { name: "Active sessions", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "Active sessions" });
    const sessions = panel.getByRole("list", { name: "Sessions" }).getByRole("listitem");
    await sessions.nth(1).waitFor();
    expect(await sessions.count()).toBe(2);
    expect(await sessions.first().getByText("This device").count()).toBe(1);

    await panel.getByRole("button", { name: "Log out of all other devices" }).click();
    await page
      .getByRole("dialog", { name: "Log out of other devices?" })
      .getByRole("button", { name: "Log out others" })
      .click();
    await alert(page, "Logged out from all other devices!").waitFor();
    await panel.getByText("You're not logged in anywhere else.").waitFor();
    expect(await sessions.count()).toBe(1);

    await other.waitForURL("**/login");
    expect(await other.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // This device is still signed in.
    expect((await me(page, member.token)).username).toBe(member.username);
  });
});

describe("deleting the account", () => {
  it("asks the password, then deletes everything: both devices end signed out and the profile is gone", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "leaving");
    const other = await secondDevice(member);
    const viewer = await openContext(browser);
    await signedInMember(viewer.page, "watcher");
    await openSettings(page);

    await page.getByRole("button", { name: "Delete account" }).click();
    const panel = page.getByRole("dialog", { name: "Delete account" });
    const password = panel.getByLabel("Your password");
    await password.fill("not-the-password");
    await password.press("Enter");
    await panel.getByText("Password is incorrect").waitFor();
    expect((await me(page, member.token)).username).toBe(member.username);

    await password.fill(member.password);
    await panel.getByRole("button", { name: "Delete account" }).click();
    await page.waitForURL("**/login");
    await alert(page, "Your account has been deleted.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await other.waitForURL("**/login");
    await alert(other, "Your account has been deleted.").waitFor();

    expect(await signInStatus(page, member.username, member.password)).toBe(401);
    expect(await sessionStatus(page, member.token)).toBe(401);
    await viewer.page.goto(`/profile/${member.username}`);
    await viewer.page.getByRole("heading", { name: "Member not found" }).waitFor();
  });
});

describe("data download", () => {
  it("downloads user-data.json that holds the member's post and no secret", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "downloader");
    const caption = `My data, my caption ${member.username}`;
    const created = await page.request.post("/api/posts", {
      headers: { authorization: `Bearer ${member.token}` },
      data: { image: await uploadedPhoto(page, member), caption },
    });
    expect(created.ok()).toBe(true);
    await openSettings(page);

    const download = page.waitForEvent("download");
    await page
      .getByRole("region", { name: "Privacy" })
      .getByRole("button", { name: "Download your data" })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("user-data.json");
    await alert(page, "Data download started!").waitFor();

    const text = await readFile(await file.path(), "utf8");
    const data = JSON.parse(text);
    expect(data.profile.username).toBe(member.username);
    expect(data.posts.map((post: { caption: string }) => post.caption)).toEqual([caption]);
    for (const secret of ["passwordHash", "password_hash", "$argon2", member.token]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("support", () => {
  it("refuses a blank message without sending it, and submits a real one", async () => {
    const { page } = await openContext(browser);
    await signedInMember(page, "helpme");
    await openSettings(page);
    const support = page.getByRole("region", { name: "Support" });
    const requests = callsTo(page, "/api/support");

    const field = support.getByLabel("How can we help?");
    await field.fill("   ");
    await support.getByRole("button", { name: "Send message" }).click();
    await support.getByText("Please enter a message").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(requests).toEqual([]);

    await field.fill("The flicks tab shows a blank screen on my tablet.");
    await support.getByRole("button", { name: "Send message" }).click();
    await alert(page, "Support request submitted!").waitFor();
    expect(requests).toHaveLength(1);
    expect(await field.inputValue()).toBe("");
  });
});

describe("privacy", () => {
  it("switches the profile to Private and the server says so", async () => {
    const { page } = await openContext(browser);
    await signedInMember(page, "private");
    await openSettings(page);
    const row = page.getByRole("button", { name: "Profile visibility" });
    expect(await described(row)).toBe("Public");

    // The whole row opens its panel, not only its title: a tap on the value beside it does too.
    const value = await page.getByText("Public", { exact: true }).boundingBox();
    if (!value) throw new Error("the row's value is not on screen");
    await page.mouse.click(value.x + value.width / 2, value.y + value.height / 2);
    const panel = page.getByRole("dialog", { name: "Profile visibility" });
    await panel.getByRole("radio", { name: /^Private/ }).check();
    await panel.getByRole("button", { name: "Save changes" }).click();
    await alert(page, "Privacy settings updated!").waitFor();
    await panel.waitFor({ state: "detached" });
    await expect.poll(() => described(row)).toBe("Private");

    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).toBeTruthy();
    expect((await me(page, token as string)).isPrivate).toBe(true);
  });
});
