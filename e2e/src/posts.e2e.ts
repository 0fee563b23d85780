import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { launchBrowser, openContext, signedInMember } from "./browser.js";

const browser = await launchBrowser();
const sunset = join(import.meta.dirname, "..", "fixtures", "sunset.jpg");

describe("posts", () => {
  it("a member shares a photo from a real file and finds it in the feed", async () => {
    const { page } = await openContext(browser);
    const alice = await signedInMember(page, "alice");

    await page.goto("/post/new");
    await page.getByLabel("Photo or video").setInputFiles(sunset);
    await page.getByLabel("Caption").fill("Sunset at the pier");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Post created!" }).waitFor();
    await page.waitForURL(new RegExp(`/post/${alice.username}/[0-9a-f-]{36}$`));

    await page.goto("/post");
    const card = page.getByRole("article", { name: `Post by @${alice.username}` });
    await card.getByText("Sunset at the pier").waitFor();
    const src = await card.getByRole("img").first().getAttribute("src");
    expect(src).toMatch(/^\/media\/image\/[0-9a-f-]{36}\.jpg$/);
    const image = await page.request.get(src ?? "");
    expect(image.status()).toBe(200);
  });

  it("the author sees another member's like and comment arrive live", async () => {
    const first = await openContext(browser);
    const second = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    const bob = await signedInMember(second.page, "bob");

    const created = await first.page.request.post("/api/posts", {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { image: "/media/image/none.jpg", caption: "Live from the pier" },
    });
    const { post } = await created.json();
    await second.page.request.post(`/api/follow/${alice.id}`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });

    await first.page.goto(`/post/${alice.username}/${post._id}`);
    const aliceView = first.page.getByRole("article", { name: `Post by @${alice.username}` });
    await aliceView.getByText("Live from the pier").first().waitFor();

    await second.page.goto("/post");
    const bobsCard = second.page.getByRole("article", { name: `Post by @${alice.username}` });
    await bobsCard.getByRole("button", { name: "Like" }).click();
    await bobsCard.getByRole("button", { name: "Unlike" }).waitFor();
    await bobsCard.getByPlaceholder("Add a comment...").fill("What a view!");
    await bobsCard.getByPlaceholder("Add a comment...").press("Enter");

    await aliceView.getByText("What a view!").waitFor();
    await aliceView.getByText(/^1 like$/).waitFor();
    expect(await aliceView.getByRole("button", { name: "Like" }).getAttribute("aria-pressed")).toBe("false");
  });
});
