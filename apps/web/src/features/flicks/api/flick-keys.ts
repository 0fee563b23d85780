export const flickKeys = {
  all: ["flicks"] as const,
  /** The flicks feed, `InfiniteData<FlicksPage>`. */
  feed: () => [...flickKeys.all, "feed"] as const,
  /** One flick opened by its share link (/reel/{id}), a `Flick`. */
  details: () => [...flickKeys.all, "detail"] as const,
  detail: (id: string) => [...flickKeys.details(), id] as const,
  /** One flick's comments for its panel (the feed carries only the newest), `FlickComments`. */
  comments: (id: string) => [...flickKeys.all, "comments", id] as const,
};
