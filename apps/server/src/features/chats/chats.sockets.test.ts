import { rooms } from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { FlikSocket, Realtime } from "../../realtime/realtime.js";
import type { ChatsService } from "./chats.service.js";
import { registerChatSockets } from "./chats.sockets.js";

const chatId = "00000000-0000-4000-8000-00000000c4a7";
const room = rooms.chat(chatId);

/**
 * One member's socket with the chat events registered on it, and a membership check held until the test
 * answers it: what lands while a join is being checked (a quick switch to another chat) is up to the
 * test, whatever the machine's speed. The realtime tests drive the same events through real sockets.
 */
function heldCheck() {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const relayed = vi.fn();
  const socket = {
    data: { userId: "00000000-0000-4000-8000-0000000a11ce", username: "alice" },
    rooms: new Set<string>(),
    on: (event: string, handler: (...args: unknown[]) => unknown) => handlers.set(event, handler),
    join: async (name: string) => void socket.rooms.add(name),
    leave: (name: string) => void socket.rooms.delete(name),
    to: () => ({ except: () => ({ emit: relayed }) }),
  };
  const checks: ((member: boolean) => void)[] = [];
  const chats = {
    canJoin: () => new Promise<boolean>((answer) => checks.push(answer)),
  } as unknown as ChatsService;
  const realtime = {
    onConnection: (register: (socket: FlikSocket) => void) => register(socket as unknown as FlikSocket),
  } as unknown as Realtime;
  registerChatSockets(realtime, chats, { error: vi.fn() } as unknown as FastifyBaseLogger);
  const emit = (event: string, ...args: unknown[]) => handlers.get(event)?.(...args);
  /** Answers the oldest check still waiting. */
  const answerCheck = (member: boolean) => checks.shift()?.(member);
  return { socket, emit, answerCheck, relayed, pending: () => checks.length };
}

/** Once every handler's work that an answered check let go on is done (no I/O: only promise steps). */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
/** What the others in the room were sent, in order. */
const relayedEvents = (relayed: ReturnType<typeof vi.fn>) => relayed.mock.calls.map(([event]) => event);

describe("chat rooms joined while their check runs", () => {
  it("a member's joinChat puts them in the room once the check says they may", async () => {
    const { socket, emit, answerCheck } = heldCheck();
    const ack = vi.fn();
    const joined = emit("joinChat", chatId, ack);
    answerCheck(true);
    await joined;
    expect(ack).toHaveBeenCalledWith({ ok: true });
    expect(socket.rooms.has(room)).toBe(true);
  });

  it("a leaveChat that lands while joinChat is checked wins: the check's end joins nothing", async () => {
    const { socket, emit, answerCheck, pending } = heldCheck();
    const ack = vi.fn();
    const joined = emit("joinChat", chatId, ack);
    expect(pending()).toBe(1);
    emit("leaveChat", chatId);
    answerCheck(true);
    await joined;
    expect(ack).toHaveBeenCalledWith({ ok: true });
    expect(socket.rooms.has(room)).toBe(false);
  });

  it("a first typing whose chat is left before its check ends reaches no one and joins nothing", async () => {
    const { socket, emit, answerCheck, relayed } = heldCheck();
    emit("typing", chatId);
    emit("leaveChat", chatId);
    answerCheck(true);
    await settled();
    expect(socket.rooms.has(room)).toBe(false);
    expect(relayed).not.toHaveBeenCalled();

    // Typing again, staying this time: joined and relayed.
    emit("typing", chatId);
    answerCheck(true);
    await settled();
    expect(socket.rooms.has(room)).toBe(true);
    expect(relayed).toHaveBeenCalledWith("typing", { chatId, userId: socket.data.userId, username: "alice" });
  });

  it("a stopTyping that lands while a first typing's check runs follows it, not lost before it", async () => {
    const { emit, answerCheck, relayed } = heldCheck();
    emit("typing", chatId);
    emit("stopTyping", chatId);
    emit("stopTyping", chatId);
    answerCheck(true);
    await settled();
    // One stop is enough: the others say nothing new.
    expect(relayedEvents(relayed)).toEqual(["typing", "stopTyping"]);
  });

  it("a stopTyping after two typings in flight follows the last of them", async () => {
    const { emit, answerCheck, relayed, pending } = heldCheck();
    emit("typing", chatId);
    emit("typing", chatId);
    emit("stopTyping", chatId);
    expect(pending()).toBe(2);
    answerCheck(true);
    answerCheck(true);
    await settled();
    // Each typing may reach the others (both checks said yes); the stop comes after them all.
    expect(relayedEvents(relayed)).toContain("typing");
    expect(relayedEvents(relayed).at(-1)).toBe("stopTyping");
  });

  it("a stopTyping after a typing whose check refuses the chat reaches no one", async () => {
    const { socket, emit, answerCheck, relayed } = heldCheck();
    emit("typing", chatId);
    emit("stopTyping", chatId);
    answerCheck(false);
    await settled();
    expect(socket.rooms.has(room)).toBe(false);
    expect(relayed).not.toHaveBeenCalled();
  });

  it("typing and stopTyping naming no chat (not a uuid, not a string) ask nothing and reach no one", async () => {
    const { emit, relayed, pending } = heldCheck();
    for (const id of [42, null, undefined, {}, ["x"], "not-a-chat", "\u0000", "a".repeat(10_000)]) {
      emit("typing", id);
      emit("stopTyping", id);
    }
    await settled();
    expect(pending()).toBe(0);
    expect(relayed).not.toHaveBeenCalled();
  });
});
