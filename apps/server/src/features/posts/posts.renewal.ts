import type { AnswerRead, Shown } from "../../platform/kept-answers.js";
import { canSeePost } from "./posts.policy.js";
import type { PostRead } from "./posts.queries.js";

/** More followed members posting at once than this reads the first page whole again. */
const AUTHORS_MERGED = 3;

/**
 * How many of a member's newest posts beyond those they have on the page a merge reads first: their new
 * posts since the page was read, usually one. Reading `size` each time (21 hydrated posts) made these
 * reads most of the rows a feed's renewals took from the database (issue 12, stop 47).
 */
const NEW_POSTS_AHEAD = 2;

/** How a kept page of posts reads again what changed on it (`renewablePage`). */
export interface PageRenewal {
  viewerId: string;
  /** How many reads the page holds when it is full (one more than the page, to tell whether another follows). */
  size: number;
  /** Posts by id as the viewer reads them (a post gone is left out). */
  readByIds(ids: string[]): Promise<PostRead[]>;
  /**
   * A first page of a member's feed: the members whose new posts it shows (`author:<id>`: the member
   * and whom they follow), and the newest `count` posts of one of them as the viewer reads them, to
   * merge their new posts into the page.
   */
  authors?: { ids: string[]; newestOf(authorId: string, count: number): Promise<PostRead[]> };
  /** Whether a read still belongs on the page (a flick made a photo does not). */
  onPage?(read: PostRead): boolean;
}

/**
 * A page's answer made of `reads` (`answer`), kept so that what usually changes on it is read again on
 * its own instead of the page (issue 12, the feed under writes: the page's statement costs the most):
 * - a post's likes, comments or edit (`post:<id>`): that post, by id;
 * - a member shown on it as an author, liker or commenter (`member:<id>`: a new name, picture, follower
 *   count or privacy): the posts showing them, by id;
 * - on a feed's first page, a followed member's new post (`author:<id>`, the viewer's own included):
 *   their newest posts, merged into the page in its order. The page is the newest posts of the members
 *   followed, so replacing one member's posts on it with that member's newest keeps it exactly what the
 *   page's statement reads, as long as none of their posts left the page meanwhile.
 * The viewer as a member (whom they follow and block) and the members hidden by a block are not
 * renewed: their change has the page read whole, as does a post gone, one the viewer may no longer see,
 * one no longer on the page, or more members posting at once than AUTHORS_MERGED. The read past the page
 * (`size`: it only tells whether another page follows) shows none of its members, so their changes
 * neither renew nor forget the page.
 */
export function renewablePage(
  reads: PostRead[],
  renewal: PageRenewal,
  answer: (reads: PostRead[]) => AnswerRead,
): AnswerRead {
  return {
    ...answer(reads),
    renewable: {
      things: renewableThings(reads, renewal),
      renew: async (changed) => {
        const renewed = await renewReads(reads, changed, renewal);
        return renewed && renewablePage(renewed, renewal, answer);
      },
    },
  };
}

function renewableThings(reads: PostRead[], { viewerId, size, authors }: PageRenewal): Shown[] {
  const neverRenewed = new Set([viewerId, ...(reads[0]?.hidden ?? [])]);
  const things = new Set<Shown>();
  for (const [index, read] of reads.entries()) {
    things.add(`post:${read.post.id}`);
    if (index >= size - 1) continue;
    for (const memberId of membersShownBy(read))
      if (!neverRenewed.has(memberId)) things.add(`member:${memberId}`);
  }
  for (const authorId of authors?.ids ?? []) things.add(`author:${authorId}`);
  return [...things];
}

function membersShownBy({ author, summaries }: PostRead): string[] {
  return [author.id, ...summaries.likers.map(([userId]) => userId), ...summaries.comments.map((c) => c[3])];
}

async function renewReads(
  reads: PostRead[],
  changed: Shown[],
  { readByIds, authors, size, viewerId, onPage = () => true }: PageRenewal,
): Promise<PostRead[] | undefined> {
  const posts = new Set<string>();
  const members = new Set<string>();
  const posted: string[] = [];
  for (const thing of changed) {
    const colon = thing.indexOf(":");
    const id = thing.slice(colon + 1);
    if (thing.startsWith("post:")) posts.add(id);
    else if (thing.startsWith("member:")) members.add(id);
    else if (thing.startsWith("author:")) posted.push(id);
    // Nothing else is named renewable (renewableThings); should it be, the page is read whole.
    else return undefined;
  }
  const stillOnPage = (read: PostRead) => canSeePost(viewerId, read) && onPage(read);
  let current = reads;
  const merged = new Set<string>();
  if (posted.length > 0) {
    if (!authors || posted.length > AUTHORS_MERGED) return undefined;
    const newestOf = authors.newestOf;
    const newestByAuthor = await Promise.all(
      posted.map(async (authorId) => ({
        authorId,
        theirNewest: await readTheirNewest(reads, authorId, size, newestOf),
      })),
    );
    if (newestByAuthor.some(({ authorId, theirNewest }) => leftPage(reads, authorId, theirNewest, size)))
      return undefined;
    const newest = newestByAuthor.flatMap(({ theirNewest }) => theirNewest.reads);
    if (!newest.every(stillOnPage)) return undefined;
    current = [...current.filter((read) => !posted.includes(read.post.userId)), ...newest]
      .sort(newestFirst)
      .slice(0, size);
    for (const read of newest) merged.add(read.post.id);
  }
  const toReadAgain = current
    .filter(
      (read) =>
        !merged.has(read.post.id) &&
        (posts.has(read.post.id) || membersShownBy(read).some((memberId) => members.has(memberId))),
    )
    .map((read) => read.post.id);
  const renewed = toReadAgain.length > 0 ? await readByIds(toReadAgain) : [];
  if (renewed.length < toReadAgain.length || !renewed.every(stillOnPage)) return undefined;
  const byId = new Map(renewed.map((read) => [read.post.id, read]));
  return current.map((read) => byId.get(read.post.id) ?? read);
}

/** A member's newest posts as read to merge them (`asked`: how many were asked for). */
interface TheirNewest {
  reads: PostRead[];
  asked: number;
}

/**
 * A member's newest posts to replace theirs on the page with: as many as they have on it and
 * NEW_POSTS_AHEAD more, at most `size`. Those miss one of theirs on the page only when they made more new
 * posts than that, or one left the page (`leftPage`: either way the page is read whole).
 */
async function readTheirNewest(
  reads: PostRead[],
  authorId: string,
  size: number,
  newestOf: (authorId: string, count: number) => Promise<PostRead[]>,
): Promise<TheirNewest> {
  const theirsOnPage = reads.filter((read) => read.post.userId === authorId).length;
  const asked = Math.min(size, theirsOnPage + NEW_POSTS_AHEAD);
  return { reads: await newestOf(authorId, asked), asked };
}

/**
 * Whether a post of a member merged left the page (deleted, or no longer theirs to show) rather than
 * being pushed down by their new ones: the page's statement would then fill its place with anyone's
 * next post, which only a whole read finds.
 */
function leftPage(
  reads: PostRead[],
  authorId: string,
  { reads: theirNewest, asked }: TheirNewest,
  size: number,
): boolean {
  const stillTheirNewest = new Set(theirNewest.map((read) => read.post.id));
  // Their newest `size` posts hold every post of theirs on the page, but for those their new ones pushed
  // off. Fewer push none off: every one of theirs on the page must be among them.
  const oldestOfTheirNewest = asked === size ? theirNewest[size - 1] : undefined;
  return reads.some(
    (read) =>
      read.post.userId === authorId &&
      !stillTheirNewest.has(read.post.id) &&
      (!oldestOfTheirNewest || newestFirst(read, oldestOfTheirNewest) < 0),
  );
}

/** The order of every page of posts: newest first, ids breaking ties (as `posts.queries.ts` sorts). */
function newestFirst(a: PostRead, b: PostRead): number {
  const byTime = b.post.createdAt.getTime() - a.post.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.post.id < b.post.id ? 1 : a.post.id > b.post.id ? -1 : 0;
}
