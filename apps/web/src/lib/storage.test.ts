import { describe, expect, it } from "vitest";
import { unloadIsAsked } from "../test/unload";
import { askBeforeUnloadWhileMessagesWait, getChatOutbox, saveAuth, saveChatOutbox } from "./storage";

const outboxWith = (status: string) =>
  JSON.stringify({
    userId: "u-alice",
    entries: [{ clientId: "c1", chatId: "c-bob", text: `"status":"sending"`, createdAt: "", status }],
  });

describe("the tab's unsent chat messages", () => {
  it("have a reload's page ask before the tab closes while some wait, until they are sent", () => {
    saveChatOutbox(outboxWith("waiting"));
    askBeforeUnloadWhileMessagesWait();
    expect(unloadIsAsked()).toBe(true);
    // Messages sent them (the chat feature's outbox wrote what is left: nothing).
    saveChatOutbox(null);
    expect(unloadIsAsked()).toBe(false);
  });

  it("ask nothing for messages the member was told were not sent, whatever their text says", () => {
    saveChatOutbox(outboxWith("failed"));
    askBeforeUnloadWhileMessagesWait();
    expect(unloadIsAsked()).toBe(false);
  });

  it("are forgotten when another member signs in in the tab, kept when the same one does again", () => {
    saveAuth({ token: "t1", userId: "u-alice", username: "alice" });
    saveChatOutbox(outboxWith("waiting"));
    saveAuth({ token: "t2", userId: "u-alice", username: "alice" });
    expect(getChatOutbox()).not.toBeNull();
    saveAuth({ token: "t3", userId: "u-bob", username: "bob" });
    expect(getChatOutbox()).toBeNull();
  });
});
