export const storyKeys = {
  all: ["stories"] as const,
  /** GET /stories: the groups the strip and the viewer show; holds a `StoryGroup[]`. */
  tray: () => [...storyKeys.all, "tray"] as const,
  /** GET /stories/user/{username} (an extension): a member's live stories, a `StoryGroup[]` of 0 or 1. */
  members: () => [...storyKeys.all, "member"] as const,
  member: (username: string) => [...storyKeys.members(), username.toLowerCase()] as const,
  /** GET /stories/archive, the member's own (an extension); holds the pages of an infinite query. */
  archive: () => [...storyKeys.all, "archive"] as const,
  /** GET /stories/{id}/viewers (the owner's); holds a `StoryViewersResponse`. */
  viewers: (id: string) => [...storyKeys.all, "viewers", id] as const,
};
