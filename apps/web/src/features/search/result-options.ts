import type { Post, Tag, UserSearchResult } from "@flik/shared";
import { postPath, profilePath, tagPath } from "../../lib/paths";
import type { SearchResults } from "./api/search.api";
import type { RecentSearch } from "./recent-searches";

interface OptionBase {
  /** Unique among the results: the element id's suffix and the React key. */
  key: string;
  href: string;
  /** What opening it adds to the recent searches. */
  recent: RecentSearch;
}

export type ResultOption =
  | (OptionBase & { kind: "member"; member: UserSearchResult })
  | (OptionBase & { kind: "post"; post: Post })
  | (OptionBase & { kind: "tag"; tag: Tag });

export interface ResultGroup {
  kind: ResultOption["kind"];
  label: string;
  options: ResultOption[];
}

/**
 * The results as the listbox shows them: Members, Posts, Tags (the order), each group only when
 * it found something. Opening a member or a tag remembers it; opening a post remembers the search text.
 */
export function resultGroups(results: SearchResults, q: string): ResultGroup[] {
  const groups: ResultGroup[] = [
    {
      kind: "member",
      label: "Members",
      options: results.members.map((member) => ({
        kind: "member",
        key: `member-${member._id}`,
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
      options: results.posts.map((post) => ({
        kind: "post",
        key: `post-${post._id}`,
        href: postPath(post.user.username, post._id),
        recent: { kind: "text", text: q },
        post,
      })),
    },
    {
      kind: "tag",
      label: "Tags",
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
