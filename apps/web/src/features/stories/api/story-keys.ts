export const storyKeys = {
  all: ["stories"] as const,
  /** GET /stories: the groups the strip and the viewer show; holds a `StoryGroup[]`. */
  tray: () => [...storyKeys.all, "tray"] as const,
  /** GET /stories/archive, the member's own (an extension); holds the pages of an infinite query. */
  archive: () => [...storyKeys.all, "archive"] as const,
  /** GET /stories/{id}/viewers (the owner's); holds a `StoryViewersResponse`. */
  viewers: (id: string) => [...storyKeys.all, "viewers", id] as const,
};
