import { type Chat, chatTitle } from "@flik/shared";
import { Avatar } from "../../../components/avatar";
import { chatPartner } from "../chat-format";
import { useIsOnline } from "../state/presence";

const sizes = {
  lg: { single: "size-24 text-3xl ring-0", pair: "size-16 text-xl ring-4", box: "size-24", dot: "size-5" },
  md: { single: "size-12 text-lg ring-0", pair: "size-8 text-xs ring-2", box: "size-12", dot: "size-3.5" },
  sm: {
    single: "size-10 text-base ring-0",
    pair: "size-7 text-[10px] ring-2",
    box: "size-10",
    dot: "size-3",
  },
} as const;

/** A chat's picture: the partner (with an online dot, spec §2) or a group's first two members. */
export function ChatAvatar({
  chat,
  viewerId,
  size = "md",
}: {
  chat: Chat;
  viewerId: string;
  size?: keyof typeof sizes;
}) {
  const partner = chatPartner(chat, viewerId);
  const online = useIsOnline(partner?._id);
  const s = sizes[size];

  if (!partner) {
    const [first, second] = chat.participants.filter((p) => p._id !== viewerId);
    return (
      <span aria-hidden="true" className={`relative block shrink-0 ${s.box}`}>
        <Avatar
          src={second?.avatar}
          name={second?.username ?? chat.name}
          className={`${s.pair} absolute top-0 right-0`}
        />
        <Avatar
          src={first?.avatar}
          name={first?.username ?? chat.name}
          className={`${s.pair} absolute bottom-0 left-0 ring-white`}
        />
      </span>
    );
  }
  return (
    <span className={`relative block shrink-0 ${s.box}`}>
      <Avatar
        src={partner.avatar}
        name={partner.username || chatTitle(chat, viewerId)}
        className={s.single}
      />
      {online && (
        <span
          aria-hidden="true"
          className={`absolute right-0 bottom-0 rounded-full bg-emerald-500 ring-2 ring-white ${s.dot}`}
        />
      )}
    </span>
  );
}
