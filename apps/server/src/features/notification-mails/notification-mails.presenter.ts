import { composeMail, type Mail, type MailLink } from "../../platform/mail.js";

export interface MissedFollower {
  username: string;
  fullName: string;
}

export interface MissedMessages {
  username: string;
  /** Null for a one-to-one chat. */
  groupName: string | null;
  /** Counted up to 100. */
  count: number;
}

/** Named one by one up to this many of each kind; the rest are counted. */
const LISTED = 10;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const messagesCount = (count: number) =>
  count >= 100 ? "99+ messages" : plural(count, "message", "messages");

/**
 * One mail for everything a member missed since their last one: who followed them, who wrote to them
 * (never what: the words stay in Flik). Links lead to the app's notifications and chat screens.
 */
export function composeDigest(input: {
  to: string;
  username: string;
  followers: MissedFollower[];
  messages: MissedMessages[];
  appUrl: string;
}): Mail {
  const { followers, messages } = input;
  const messageTotal = messages.reduce((sum, entry) => sum + entry.count, 0);
  const lines: string[] = [];
  for (const follower of followers.slice(0, LISTED)) {
    const name = follower.fullName ? `${follower.fullName} (@${follower.username})` : `@${follower.username}`;
    lines.push(`${name} started following you.`);
  }
  if (followers.length > LISTED)
    lines.push(`And ${plural(followers.length - LISTED, "more new follower", "more new followers")}.`);
  for (const entry of messages.slice(0, LISTED)) {
    lines.push(
      entry.groupName
        ? `@${entry.username} sent ${messagesCount(entry.count)} in ${entry.groupName}.`
        : `@${entry.username} sent you ${messagesCount(entry.count)}.`,
    );
  }
  if (messages.length > LISTED)
    lines.push(`And messages in ${plural(messages.length - LISTED, "more chat", "more chats")}.`);
  const links: MailLink[] = [];
  if (followers.length > 0)
    links.push({ label: "See your notifications", href: `${input.appUrl}/notifications` });
  if (messages.length > 0) links.push({ label: "Read your messages", href: `${input.appUrl}/chat` });

  return composeMail({
    to: input.to,
    subject: subjectOf(followers, messages, messageTotal),
    heading: `Hi ${input.username}, here is what you missed on Flik`,
    paragraphs: lines,
    links,
    footer:
      "You get these e-mails, at most one an hour, because notification e-mails are on. Turn them off in Settings, under Privacy.",
  });
}

function subjectOf(followers: MissedFollower[], messages: MissedMessages[], messageTotal: number) {
  const [follower] = followers;
  const [entry] = messages;
  if (follower && followers.length === 1 && messages.length === 0)
    return `@${follower.username} started following you on Flik`;
  if (entry && messages.length === 1 && followers.length === 0)
    return `${entry.count === 1 ? "A new message" : messagesCount(entry.count)} from @${entry.username} on Flik`;
  const parts = [
    ...(followers.length > 0 ? [plural(followers.length, "new follower", "new followers")] : []),
    ...(messages.length > 0
      ? [messageTotal >= 100 ? "99+ new messages" : plural(messageTotal, "new message", "new messages")]
      : []),
  ];
  return `${parts.join(" and ")} on Flik`;
}
