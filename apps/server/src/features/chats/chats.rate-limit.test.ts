import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

const built = await buildTestApp({ messageRateLimit: 3 });
const { call, persona, chatBetween } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");

describe("sending messages too fast", () => {
  it("is refused with 429 after the minute's allowance, and nothing more is stored", async () => {
    const chat = await chatBetween(alice, bob);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await call(alice, "POST", `/chats/${chat._id}/messages`, { text: `Spam ${i}` })).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await call(alice, "POST", `/chats/${chat._id}/messages`, { text: "More" });
    expect(refused.json().message).toBe("You're sending messages too fast. Please wait a moment.");
    expect((await call(bob, "GET", `/chats/${chat._id}/messages`)).json().messages).toHaveLength(3);
    // Each member has their own allowance.
    expect((await call(bob, "POST", `/chats/${chat._id}/messages`, { text: "Hi" })).statusCode).toBe(201);
  });
});
