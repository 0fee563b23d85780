import type { Post, Tag, UserSearchResult } from "@flik/shared";
import { postPath, profilePath, tagPath } from "../../lib/paths";
import type { PagedKind, SearchResults } from "./api/search.api";
import type { RecentSearch } from "./recent-searches";

interface OptionBase {
  /** Unique among the results: the element id's suffix and the React key. */
  key: string;
  href: string;
  /** What opening it adds to the recent searches. */
  recent: RecentSearch;
}

/** A result that opens a page: a member, a post or a tag. */
export type FoundOption =
  | (OptionBase & { kind: "member"; member: UserSearchResult })
  | (OptionBase & { kind: "post"; post: Post })
  | (OptionBase & { kind: "tag"; tag: Tag });

/** The last option of a group with more to show: choosing it brings the next page of `of`. */
export interface ShowMoreOption {
  kind: "more";
  key: string;
  of: PagedKind;
  label: string;
}

export type ResultOption = FoundOption | ShowMoreOption;

export interface ResultGroup {
  kind: FoundOption["kind"];
  label: string;
  options: FoundOption[];
  /** Shown after the options when the kind has more than they show. */
  more: ShowMoreOption | null;
}

/** The key of a result's option, by its kind and id (what `useShowMoreResults` says it brought first). */
export const resultKey = (kind: PagedKind, id: string) => `${kind === "members" ? "member" : "post"}-${id}`;

const showMore = (results: SearchResults, of: PagedKind, label: string): ShowMoreOption | null =>
  results.next[of] ? { kind: "more", key: `more-${of}`, of, label } : null;

/**
 * The results as the listbox shows them: Members, Posts, Tags (the order), each group only when
 * it found something, Members and Posts ending in "Show more" while they have more. Opening a member or a
 * tag remembers it; opening a post remembers the search text.
 */
export function resultGroups(results: SearchResults, q: string): ResultGroup[] {
  const groups: ResultGroup[] = [
    {
      kind: "member",
      label: "Members",
      more: showMore(results, "members", "Show more members"),
      options: results.members.map((member) => ({
        kind: "member",
        key: resultKey("members", member._id),
        href: profilePath(member.username),
        // Only what the recent list shows is kept on the device.
        recent: {
          kind: "member",
          _id: member._id,
          username: member.username,
          fullName: member.fullName,
          avatar: member.avatar,
        },
        member,
      })),
    },
    {
      kind: "post",
      label: "Posts",
      more: showMore(results, "posts", "Show more posts"),
      options: results.posts.map((post) => ({
        kind: "post",
        key: resultKey("posts", post._id),
        href: postPath(post.user.username, post._id),
        recent: { kind: "text", text: q },
        post,
      })),
    },
    {
      kind: "tag",
      label: "Tags",
      more: null,
      options: results.tags.map((tag) => ({
        kind: "tag",
        key: `tag-${tag.name}`,
        href: tagPath(tag.name),
        recent: { kind: "tag", name: tag.name },
        tag,
      })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/** Every option in the order the arrow keys go through them. */
export function optionsInOrder(groups: readonly ResultGroup[]): ResultOption[] {
  return groups.flatMap((group): ResultOption[] =>
    group.more ? [...group.options, group.more] : group.options,
  );
}
