import type { Flick } from "@flik/shared";

/** Bob's flick as Alice sees it, unless overridden. */
export function makeFlick(overrides: Partial<Flick> = {}): Flick {
  return {
    _id: "f-1",
    videoUrl: "/media/video/surf.mp4",
    description: "Surfing at dawn",
    uploadedBy: { _id: "u-bob", username: "bob", fullName: "Bob Builder", avatar: "" },
    likesCount: 2,
    sharesCount: 1,
    commentsCount: 0,
    comments: [],
    reactionByUser: [],
    isLiked: false,
    isMyFlick: false,
    createdAt: "2025-06-01T12:00:00.000Z",
    ...overrides,
  };
}

/** Flicks f-1 … f-n, newest first. */
export function makeFlicks(count: number): Flick[] {
  return Array.from({ length: count }, (_, index) =>
    makeFlick({ _id: `f-${index + 1}`, description: `Flick number ${index + 1}` }),
  );
}
