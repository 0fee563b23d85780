// The benchmark dataset of issue 12 as set-based SQL: one `insert ... select ... from generate_series`
// per table, every choice a hash of its row number (see sql.mjs), so a scale always gives the same rows.
import {
  below,
  between,
  exponentFor,
  idOf,
  key,
  lit,
  ms,
  pick,
  rankedShare,
  unit,
  uuidFrom,
} from "./sql.mjs";
import * as words from "./words.mjs";

/** Counts at scale 1: the community of issue 12. */
const FULL = {
  users: 10_000,
  follows: 500_000,
  posts: 200_000,
  likes: 2_000_000,
  comments: 300_000,
  messages: 100_000,
  directChats: 4_000,
  groupChats: 40,
};

/** Every count of the dataset at a scale, and where the named subjects sit in it. */
export function planFor(scale, anchor) {
  const n = (full, least) => Math.max(least, Math.round(full * scale));
  const users = n(FULL.users, 20);
  return {
    scale,
    anchor: `${lit(anchor.toISOString())}::timestamptz`,
    users,
    follows: n(FULL.follows, 20),
    posts: n(FULL.posts, 20),
    likes: n(FULL.likes, 20),
    comments: n(FULL.comments, 20),
    messages: n(FULL.messages, 20),
    directChats: n(FULL.directChats, 3),
    groupChats: n(FULL.groupChats, 2),
    // Member numbers: the celebrity is the most followed, the heavy follower the least, the typical
    // member in the middle of the popularity curve.
    celebrity: 1,
    typical: Math.floor(users / 2),
    heavy: users,
    typicalFollowing: Math.min(80, Math.floor(users / 4)),
    heavyFollowing: Math.min(2000, Math.floor(users / 2)),
    // Steps for walking members without repeats (coprime to the member count), see walkMember.
    strides: stridesFor(users),
  };
}

/** Primes in the upper part of 1..n that do not divide n: any of them walks all n members before repeating. */
function stridesFor(n) {
  const primes = [];
  for (let candidate = Math.max(2, Math.floor(n / 7)); candidate < n && primes.length < 64; candidate++) {
    let prime = true;
    for (let d = 2; d * d <= candidate; d++) if (candidate % d === 0) prime = false;
    if (prime && n % candidate !== 0) primes.push(candidate);
  }
  return primes.length > 0 ? primes : [1];
}

const userId = (nSql) => idOf("user", nSql);

/**
 * The k-th distinct member (1-based number) of a walk fixed by a key: start somewhere, step by a stride
 * coprime to the member count. A post's likers or a group's members are such walks, so they never repeat.
 */
function walkMember(plan, keySql, kSql) {
  const stride = `(array[${plan.strides.join(", ")}])[1 + ${below(key("stride", keySql), plan.strides.length)}]`;
  return `(1 + (${below(key("start", keySql), plan.users)} + (${kSql})::bigint * ${stride}) % ${plan.users})::int`;
}

/**
 * Followee by popularity: member r is drawn with a density falling as a power law of r (r^-0.6), so a few
 * members are followed by thousands and most by a few dozen.
 */
const popularMember = (plan, keySql) => `(1 + floor(${plan.users} * power(${unit(keySql)}, 2.5)))::int`;

export function steps(plan, passwordHash) {
  const { anchor } = plan;
  return [
    { table: "users", sql: usersSql(plan, passwordHash) },
    { table: "follows", label: "follows (heavy)", sql: heavyFollowsSql(plan) },
    { table: "follows", label: "follows (typical)", sql: typicalFollowsSql(plan) },
    { table: "follows", sql: followsSql(plan) },
    { table: null, label: "post plan", sql: postPlanSql(plan) },
    { table: "posts", sql: postsSql() },
    { table: "post_tags", sql: postTagsSql() },
    { table: "tags", sql: tagsSql() },
    { table: "search_terms", sql: searchTermsSql() },
    { table: "post_likes", sql: likesSql(plan) },
    { table: "post_comments", sql: commentsSql(plan) },
    { table: "notifications", label: "notifications (follow)", sql: followNotificationsSql(anchor) },
    { table: "notifications", label: "notifications (like)", sql: likeNotificationsSql(anchor) },
    { table: "notifications", label: "notifications (comment)", sql: commentNotificationsSql(anchor) },
    { table: null, label: "chat plan", sql: chatPlanSql(plan) },
    { table: "chats", sql: chatsSql() },
    { table: "chat_members", sql: chatMembersSql() },
    { table: "messages", sql: messagesSql(plan) },
    { table: "chats", label: "chats (last message)", sql: lastMessageSql() },
    { table: "chat_members", label: "chat_members (read)", sql: lastReadSql() },
  ];
}

function usersSql(plan, passwordHash) {
  const { anchor, celebrity, typical, heavy } = plan;
  const special = (name, ifNot) =>
    `case i when ${celebrity} then ${lit(name.celebrity)} when ${typical} then ${lit(name.typical)} ` +
    `when ${heavy} then ${lit(name.heavy)} else ${ifNot} end`;
  const username = special(
    { celebrity: "celebrity", typical: "typical", heavy: "heavy" },
    `'member' || lpad(i::text, greatest(5, length(i::text)), '0')`,
  );
  const fullName = special(
    { celebrity: "Nova Sterling", typical: "Tara Quinn", heavy: "Hugo Brandt" },
    `${pick(words.firstNames, key("first", "i"))} || ' ' || ${pick(words.lastNames, key("last", "i"))}`,
  );
  const gender = `(array['female', 'male', 'other', 'prefer_not_to_say', null, null]::text[])[1 + ${below(key("gender", "i"), 6)}]`;
  // Joined before anything they did: 91 to 271 days before the anchor.
  const joined = ms(`${anchor} - interval '91 days' - interval '180 days' * ${unit(key("joined", "i"))}`);
  return `
    insert into users (id, username, email, full_name, password_hash, email_verified, bio, gender, avatar,
                       verified, created_at, updated_at)
    select ${userId("i")}, username, username || '@bench.flik.test', full_name, ${lit(passwordHash)}, true,
           ${pick(words.bios, key("bio", "i"))}, ${gender}, '', i <= greatest(1, ${plan.users} / 500), joined, joined
    from (select i, ${username} as username, ${fullName} as full_name, ${joined} as joined
          from generate_series(1, ${plan.users}) i) member`;
}

const followedAt = (plan, followerSql, followeeSql) =>
  ms(`${plan.anchor} - interval '90 days' * ${unit(key("followed", followerSql, followeeSql))}`);

/** The heavy follower follows the most followed members, as heavy followers do. */
function heavyFollowsSql(plan) {
  return `
    insert into follows (follower_id, followee_id, created_at)
    select ${userId(plan.heavy)}, ${userId("i")}, ${followedAt(plan, plan.heavy, "i")}
    from generate_series(1, ${plan.heavyFollowing}) i`;
}

/** The typical member follows the celebrity and then members drawn like everyone's. */
function typicalFollowsSql(plan) {
  const { typical } = plan;
  return `
    insert into follows (follower_id, followee_id, created_at)
    select ${userId(typical)}, ${userId("followee")}, ${followedAt(plan, typical, "followee")}
    from (select followee, min(k) as k
          from (select k, case k when 0 then ${plan.celebrity} else ${popularMember(plan, key("typical", "k"))} end as followee
                from generate_series(0, ${plan.typicalFollowing * 3}) k) candidate
          where followee <> ${typical}
          group by followee
          order by k
          limit ${plan.typicalFollowing}) chosen`;
}

/**
 * Everyone else follows 20 to 150 members (most near the low end, mean set by the total), drawn by
 * popularity: a few members are followed by thousands, most by a few dozen. Candidates are drawn with
 * room for repeats; repeats and self-follows are dropped, each member keeps its own count, and the
 * total is cut to the exact figure.
 */
function followsSql(plan) {
  const followers = plan.users - 2;
  const total = plan.follows - plan.heavyFollowing - plan.typicalFollowing;
  const least = Math.min(20, Math.floor(plan.users / 4));
  const most = Math.max(least + 1, Math.min(150, Math.floor(plan.users / 2)));
  // A little above the exact mean: the floor below loses half a follow per member, and the cut to the
  // exact total needs a few to spare.
  const mean = Math.min(most - 1, (total / followers) * 1.02 + 0.5);
  // mean of least + span * u^shape over uniform u is least + span / (shape + 1)
  const shape = Math.max(0.05, (most - least) / Math.max(1, mean - least) - 1);
  const oversample = 1.3 + (3 * mean) / plan.users;
  return `
    insert into follows (follower_id, followee_id, created_at)
    select ${userId("follower")}, ${userId("followee")}, ${followedAt(plan, "follower", "followee")}
    from (select follower, followee, row_number() over (partition by follower order by k) as nth, degree
          from (select follower, followee, min(k) as k, degree
                from (select m.i as follower, m.degree, k, ${popularMember(plan, key("follow", "m.i", "k"))} as followee
                      from (select i, floor(${least} + ${most - least} * power(${unit(key("degree", "i"))}, ${shape}))::int as degree
                            from generate_series(1, ${plan.users}) i
                            where i not in (${plan.typical}, ${plan.heavy})) m
                      cross join lateral generate_series(1, ceil(m.degree * ${oversample})::int) k) candidate
                where follower <> followee
                group by follower, followee, degree) distinct_pair) numbered
    where nth <= degree
    order by ${unit(key("keep", "follower", "followee"))}
    limit ${total}`;
}

/** Who wrote each post and when, kept for the statements that hang likes and comments on posts. */
function postPlanSql(plan) {
  const { anchor } = plan;
  // Authors are skewed too: popular members post more. Post 1 is the hot post, by the celebrity.
  return [
    `create temp table seed_posts on commit drop as
     select j, ${idOf("post", "j")} as id,
            case j when 1 then ${plan.celebrity} else (1 + floor(${plan.users} * power(${unit(key("author", "j"))}, 1.6)))::int end as author,
            case j when 1 then ${ms(`${anchor} - interval '2 days'`)}
                 else ${ms(`${anchor} - interval '90 days' * ${unit(key("posted", "j"))}`)} end as created_at,
            (j + 10) % 20 < 3 as is_video
     from generate_series(1, ${plan.posts}) j`,
    "alter table seed_posts add primary key (j)",
    "analyze seed_posts",
  ];
}

function postsSql() {
  return `
    insert into posts (id, user_id, caption, location, tags, image, media_type, width, height, is_reel,
                       shares_count, created_at, updated_at)
    select id, ${userId("author")}, ${pick(words.captions, key("caption", "j"))},
           ${pick(words.locations, key("location", "j"))}, ${pick(words.tagSets, key("tags", "j"))},
           case when is_video then '/media/video/bench/' || j || '.mp4' else '/media/image/bench/' || j || '.jpg' end,
           case when is_video then 'video' else 'image' end,
           case when is_video then 720 else 1080 end, case when is_video then 1280 else 1350 end, is_video,
           floor(20 * power(${unit(key("shares", "j"))}, 4))::int, created_at, created_at
    from seed_posts`;
}

/**
 * Each post's tags, as the server writes them with a post: the migration's `flik_tags_of` (the SQL twin
 * of @flik/shared tagsOfPost) over its tags field and caption, in tag order. The post_tags trigger is off
 * while the seed loads: the tags and their counts are made set-based next.
 */
function postTagsSql() {
  return `
    insert into post_tags (post_id, tag, user_id, created_at)
    select p.id, t.tag, p.user_id, p.created_at
    from posts p cross join lateral flik_tags_of(p.caption, p.tags) as t(tag)
    order by t.tag, p.created_at`;
}

function tagsSql() {
  return `insert into tags (name, posts_count) select tag, count(*) from post_tags group by tag`;
}

/** The search vocabulary the posts trigger keeps (off while the seed loads): every word of every post. */
function searchTermsSql() {
  return `
    insert into search_terms (term)
    select distinct w.lexeme
    from posts p cross join lateral unnest(to_tsvector('simple'::regconfig, p.caption || ' ' || p.tags || ' ' || p.location)) as w
    where char_length(w.lexeme) <= 40`;
}

/**
 * Likes fall as a power law over posts: the hot post (post 1) is liked by 95 % of members, the next few by
 * thousands, the tail by a handful; exactly `likes` in all. A post's likers are a walk over the members,
 * so no member likes a post twice.
 */
function likesSql(plan) {
  const exponent = exponentFor(Math.round(0.95 * plan.users), plan.posts, plan.likes);
  const reaction = pick(words.reactions, key("reaction", "p.j", "k"));
  return `
    insert into post_likes (post_id, user_id, emoji, created_at)
    select p.id, ${userId(walkMember(plan, key("like", "p.j"), "k"))},
           case when p.is_video then ${reaction} else '❤️' end,
           ${between("p.created_at", plan.anchor, key("liked", "p.j", "k"))}
    from seed_posts p
    cross join lateral generate_series(0, ${rankedShare("p.j", plan.posts, plan.likes, exponent)} - 1) k`;
}

/** Comments follow the same popularity (the hot post has the most, 30 % of members on it). */
function commentsSql(plan) {
  const exponent = exponentFor(Math.round(0.3 * plan.users), plan.posts, plan.comments);
  return `
    insert into post_comments (id, post_id, user_id, text, created_at)
    select ${idOf("comment", "p.j || ':' || k")}, p.id, ${userId(walkMember(plan, key("comment", "p.j"), "k"))},
           ${pick(words.commentLines, key("said", "p.j", "k"))},
           ${between("p.created_at", plan.anchor, key("commented", "p.j", "k"))}
    from seed_posts p
    cross join lateral generate_series(0, ${rankedShare("p.j", plan.posts, plan.comments, exponent)} - 1) k`;
}

/**
 * What the server would have sent: one notification per follow, like and comment by someone else.
 * Inserted in recipient order: the recipient indexes then fill in order instead of at random, which
 * takes about a third off the 2 M-row insert on PostgreSQL.
 */
const readIf = (anchor, timeSql) => `${timeSql} < ${anchor} - interval '3 days'`;

function followNotificationsSql(anchor) {
  return `
    insert into notifications (id, recipient_id, sender_id, type, read, created_at)
    select ${uuidFrom("'notification:follow:' || follower_id || ':' || followee_id")}, followee_id, follower_id,
           'follow', ${readIf(anchor, "created_at")}, created_at
    from follows
    order by followee_id, created_at`;
}

function likeNotificationsSql(anchor) {
  return `
    insert into notifications (id, recipient_id, sender_id, type, post_id, read, created_at)
    select ${uuidFrom("'notification:like:' || l.post_id || ':' || l.user_id")}, p.user_id, l.user_id, 'like',
           l.post_id, ${readIf(anchor, "l.created_at")}, ${ms("l.created_at")}
    from post_likes l join posts p on p.id = l.post_id
    where l.user_id <> p.user_id
    order by p.user_id, l.created_at`;
}

function commentNotificationsSql(anchor) {
  return `
    insert into notifications (id, recipient_id, sender_id, type, post_id, comment, read, created_at)
    select ${uuidFrom("'notification:' || c.id")}, p.user_id, c.user_id, 'comment', c.post_id, c.text,
           ${readIf(anchor, "c.created_at")}, ${ms("c.created_at")}
    from post_comments c join posts p on p.id = c.post_id
    where c.user_id <> p.user_id
    order by p.user_id, c.created_at`;
}

/**
 * The chats, their members by position, and each chat's rank (its order in the message counts). The
 * typical member's chats come first: with the celebrity, the heavy follower, a neighbour, and a group.
 */
function chatPlanSql(plan) {
  const { anchor, typical, celebrity, heavy, users } = plan;
  const groupBase = 4 + plan.directChats;
  const groupSize = `(3 + ${below(key("group size", "g"), 10)})`;
  const createdAt = (keySql) => ms(`${anchor} - interval '90 days' * ${unit(key("chat", keySql))}`);
  const neighbour = 1 + (typical % users);
  const a = `(1 + ${below(key("chat a", "c"), users)})`;
  return [
    `create temp table seed_chat_members (c int, pos int, member int, primary key (c, pos)) on commit drop`,
    `insert into seed_chat_members values
      (1, 0, ${typical}), (1, 1, ${celebrity}), (2, 0, ${typical}), (2, 1, ${heavy}),
      (3, 0, ${typical}), (3, 1, ${neighbour})`,
    `insert into seed_chat_members
    select 4, (nth - 1)::int, member
    from unnest(array[${typical}, ${celebrity}, ${heavy}, ${neighbour}]) with ordinality as m(member, nth)`,
    `insert into seed_chat_members
    select c, 0, ${a} from generate_series(5, ${4 + plan.directChats}) c
    union all
    select c, 1, (1 + (${a} + ${below(key("chat b", "c"), users - 1)}) % ${users})::int
    from generate_series(5, ${4 + plan.directChats}) c`,
    `insert into seed_chat_members
    select ${groupBase} + g, pos, ${walkMember(plan, key("group", "g"), "pos")}
    from generate_series(1, ${plan.groupChats}) g cross join lateral generate_series(0, ${groupSize} - 1) pos`,
    `create temp table seed_chats on commit drop as
    select c, ${idOf("chat", "c")} as id, c = 4 or c > ${groupBase} as is_group,
           case when c = 4 then 'Weekend plans' when c > ${groupBase} then ${pick(words.groupNames, key("group name", "c"))}
                else '' end as name,
           case when c <= 4 then ${ms(`${anchor} - interval '60 days'`)} else ${createdAt("c")} end as created_at,
           count(*)::int as size,
           case when c = 4 or c > ${groupBase} then null
                else string_agg(${userId("member")}::text collate "C", ':' order by ${userId("member")}::text collate "C") end
             as direct_key,
           min(member) filter (where pos = 0) as creator
    from seed_chat_members group by c`,
    // Two drawn pairs may be the same pair: keep the first chat of each pair.
    `delete from seed_chats s where direct_key is not null
      and exists (select 1 from seed_chats t where t.direct_key = s.direct_key and t.c < s.c)`,
    `delete from seed_chat_members m where not exists (select 1 from seed_chats s where s.c = m.c)`,
    `alter table seed_chats add column rank int`,
    `update seed_chats s set rank = r.rank from (select c, row_number() over (order by c)::int as rank from seed_chats) r
      where r.c = s.c`,
    `analyze seed_chats`,
    `analyze seed_chat_members`,
  ];
}

function chatsSql() {
  return `
    insert into chats (id, is_group_chat, name, direct_key, created_by, created_at, last_message_at)
    select id, is_group, name, direct_key, ${userId("creator")}, created_at, created_at from seed_chats`;
}

function chatMembersSql() {
  return `
    insert into chat_members (chat_id, user_id, last_read_at, accepted_at, joined_at)
    select s.id, ${userId("m.member")}, s.created_at, s.created_at, s.created_at
    from seed_chat_members m join seed_chats s on s.c = m.c`;
}

/** Messages fall as a power law over chats (the typical member's first chat is the busiest), in time order. */
function messagesSql(plan) {
  const share = rankedShare("s.rank", "(select count(*) from seed_chats)", plan.messages, 0.6);
  return `
    insert into messages (id, chat_id, sender_id, text, created_at)
    select ${idOf("message", "s.c || ':' || k")}, s.id, ${userId("m.member")},
           ${pick(words.chatLines, key("line", "s.c", "k"))},
           ${ms(`s.created_at + (${plan.anchor} - s.created_at) * ((k + ${unit(key("sent", "s.c", "k"))}) / s.total)`)}
    from (select *, ${share} as total from seed_chats s) s
    cross join lateral generate_series(0, s.total - 1) k
    join seed_chat_members m on m.c = s.c and m.pos = ${below(key("sender", "s.c", "k"), "s.size")}`;
}

function lastMessageSql() {
  return `
    update chats set last_message_at = m.last
    from (select chat_id, max(created_at) as last from messages group by chat_id) m
    where chats.id = m.chat_id`;
}

/** Most members have read their chats; a quarter have the last day's messages unread. */
function lastReadSql() {
  return `
    update chat_members set last_read_at = case
        when ${unit(key("unread", "chat_members.chat_id", "chat_members.user_id"))} < 0.25
          then greatest(chats.created_at, chats.last_message_at - interval '1 day')
        else chats.last_message_at end
    from chats where chats.id = chat_members.chat_id`;
}
