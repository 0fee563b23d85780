import { HIGHLIGHTS_MAX } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

const built = await buildTestApp();
const { call, persona, someone, photoOf, makePrivate, requestFollow, acceptFollow, block } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
/** What a highlight names: a photo its member uploaded (highlights take only files uploaded here). */
const alicesPhoto = await photoOf(alice);

describe("highlights", () => {
  it("are kept up to HIGHLIGHTS_MAX: one more is refused with 409 until one is deleted", async () => {
    const keeper = await someone("keeper");
    const src = await photoOf(keeper);
    const make = (n: number) => call(keeper, "POST", "/highlights", { name: `Day ${n}`, type: "image", src });
    let first = "";
    for (let n = 0; n < HIGHLIGHTS_MAX; n++) {
      const made = await make(n);
      expect(made.statusCode).toBe(201);
      first ||= made.json().highlight._id;
    }
    const refused = await make(HIGHLIGHTS_MAX);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `You can keep up to ${HIGHLIGHTS_MAX} highlights. Delete one to add another.`,
    );
    expect((await call(keeper, "GET", "/highlights")).json().highlights).toHaveLength(HIGHLIGHTS_MAX);

    expect((await call(keeper, "DELETE", `/highlights/${first}`)).statusCode).toBe(200);
    expect((await make(HIGHLIGHTS_MAX)).statusCode).toBe(201);
  });

  it("are created, listed (own and by username), edited and deleted by their owner", async () => {
    const created = await call(alice, "POST", "/highlights", {
      name: "  Summer  ",
      type: "image",
      src: alicesPhoto,
    });
    expect(created.statusCode).toBe(201);
    const { highlight } = created.json();
    expect(highlight).toEqual({
      _id: expect.any(String),
      name: "Summer",
      type: "image",
      src: alicesPhoto,
    });

    expect((await call(alice, "GET", "/highlights")).json()).toEqual({ highlights: [highlight] });
    expect((await call(bob, "GET", "/highlights/user/alice")).json()).toEqual({ highlights: [highlight] });

    const edited = await call(alice, "PUT", `/highlights/${highlight._id}`, {
      name: "Clips",
      type: "video",
      src: "https://cdn.example.com/clips/c.mp4",
    });
    expect(edited.json().highlight).toMatchObject({ name: "Clips", type: "video" });

    expect((await call(alice, "DELETE", `/highlights/${highlight._id}`)).statusCode).toBe(200);
    expect((await call(alice, "GET", "/highlights")).json()).toEqual({ highlights: [] });
  });

  it("take their type from the file where its extension tells it, so none shows as a broken picture", async () => {
    const hilda = await someone("hilda");
    const asImage = await call(hilda, "POST", "/highlights", {
      name: "Clip",
      type: "image",
      src: "https://cdn.example.com/clips/c.mp4",
    });
    expect(asImage.statusCode).toBe(201);
    expect(asImage.json().highlight).toMatchObject({
      type: "video",
      src: "https://cdn.example.com/clips/c.mp4",
    });

    const { _id } = asImage.json().highlight;
    const photo = await photoOf(hilda);
    const edited = await call(hilda, "PUT", `/highlights/${_id}`, {
      name: "Photo",
      type: "video",
      src: photo,
    });
    expect(edited.json().highlight).toMatchObject({ type: "image", src: photo });

    // An address whose file says nothing keeps the type it was given.
    const untold = await call(hilda, "POST", "/highlights", {
      name: "Elsewhere",
      type: "video",
      src: "https://cdn.example.com/clips/42",
    });
    expect(untold.json().highlight).toMatchObject({ type: "video" });
  });

  it("keep their media when an edit leaves it out, by null as by absence", async () => {
    const ines = await someone("ines");
    const photo = await photoOf(ines);
    const made = await call(ines, "POST", "/highlights", { name: "Sea", type: "image", src: photo });
    const { _id } = made.json().highlight;
    for (const body of [{ name: "Sea 2" }, { name: "Sea 3", type: null, src: null }]) {
      const edited = await call(ines, "PUT", `/highlights/${_id}`, body);
      expect(edited.statusCode, JSON.stringify(body)).toBe(200);
      expect(edited.json().highlight).toMatchObject({
        name: body.name,
        type: "image",
        src: photo,
      });
    }
    const half = await call(ines, "PUT", `/highlights/${_id}`, {
      name: "Sea",
      type: null,
      src: "/media/image/t.jpg",
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe("Send the highlight's type and src together");
  });

  it("cannot be edited or deleted by another member", async () => {
    const carol = await persona("carol");
    const src = await photoOf(carol);
    const { highlight } = (
      await call(carol, "POST", "/highlights", { name: "Mine", type: "image", src })
    ).json();
    const edit = await call(bob, "PUT", `/highlights/${highlight._id}`, { name: "Ours", type: "image", src });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: "Only the highlight's owner can change it" });
    expect((await call(bob, "DELETE", `/highlights/${highlight._id}`)).statusCode).toBe(403);
    expect((await call(carol, "GET", "/highlights")).json().highlights[0].name).toBe("Mine");
  });

  it("is missing, not refused, for a member who may not see it: blocked either way, or private and not followed", async () => {
    const owner = await someone("owner");
    const other = await someone("other");
    const src = await photoOf(owner);
    const { highlight } = (
      await call(owner, "POST", "/highlights", { name: "Mine", type: "image", src })
    ).json();
    const change = { name: "Ours" };
    await makePrivate(owner);
    expect((await call(other, "PUT", `/highlights/${highlight._id}`, change)).statusCode).toBe(404);
    await requestFollow(other, owner);
    await acceptFollow(owner, other);
    expect((await call(other, "PUT", `/highlights/${highlight._id}`, change)).statusCode).toBe(403);
    await block(owner, other);
    const edit = await call(other, "PUT", `/highlights/${highlight._id}`, change);
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: "Highlight not found" });
    expect((await call(other, "DELETE", `/highlights/${highlight._id}`)).statusCode).toBe(404);
    expect((await call(owner, "GET", "/highlights")).json().highlights[0].name).toBe("Mine");
  });

  it("refuse with 400 an address of this host that names no uploaded file, made or edited; another host's file passes", async () => {
    const nell = await someone("nell");
    const made = await call(nell, "POST", "/highlights", {
      name: "Real",
      type: "image",
      src: await photoOf(nell),
    });
    expect(made.statusCode, made.body).toBe(201);
    const { _id } = made.json().highlight;
    for (const src of ["/media/image/00000000-0000-0000-0000-000000000000.jpg", "/media/image/x.jpg"]) {
      for (const response of [
        await call(nell, "POST", "/highlights", { name: "Fake", type: "image", src }),
        await call(nell, "PUT", `/highlights/${_id}`, { name: "Fake", type: "image", src }),
      ]) {
        expect(response.statusCode, `${src}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({
          message: "Media must be the URL of an uploaded file",
          errors: [{ field: "src", message: "Media must be the URL of an uploaded file" }],
        });
      }
    }
    expect((await call(nell, "GET", "/highlights")).json().highlights).toMatchObject([{ name: "Real" }]);
    const elsewhere = {
      name: "Elsewhere",
      type: "image",
      src: "https://res.cloudinary.com/flik/image/upload/a.jpg",
    };
    expect((await call(nell, "PUT", `/highlights/${_id}`, elsewhere)).statusCode).toBe(200);
  });

  it.each([
    ["a blank name", { name: "   ", type: "image", src: "/media/image/a.jpg" }, "Highlight name is required"],
    ["no media", { name: "Trip", type: "image" }, "Please upload an image or video for this highlight"],
    [
      "an unknown type",
      { name: "Trip", type: "gif", src: "/media/image/a.jpg" },
      "Highlight type must be image or video",
    ],
    [
      "a script URL",
      { name: "Trip", type: "image", src: "javascript:alert(1)" },
      "Media must be the URL of an uploaded file",
    ],
    [
      "a 31-character name",
      { name: "x".repeat(31), type: "image", src: "/media/image/a.jpg" },
      "Highlight name must be at most 30 characters",
    ],
  ])("refuses %s with 400", async (_case, payload, message) => {
    const response = await call(alice, "POST", "/highlights", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("answers 404 for an unknown highlight or member, and for an id of no id's form", async () => {
    const body = { name: "x", type: "image", src: "/media/image/a.jpg" };
    expect(
      (await call(alice, "PUT", "/highlights/00000000-0000-4000-8000-000000000000", body)).statusCode,
    ).toBe(404);
    expect((await call(alice, "DELETE", "/highlights/nope")).statusCode).toBe(404);
    expect((await call(alice, "GET", "/highlights/user/nobody-here")).statusCode).toBe(404);
  });
});
