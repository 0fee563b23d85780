/** "{username} is typing…" (spec §2/§4); the row keeps its height so the messages never jump. */
export function TypingIndicator({ usernames }: { usernames: string[] }) {
  const text =
    usernames.length === 0
      ? ""
      : usernames.length === 1
        ? `${usernames[0]} is typing…`
        : `${usernames.slice(0, -1).join(", ")} and ${usernames.at(-1)} are typing…`;
  return (
    <p aria-live="polite" className="flex h-6 items-center gap-2 px-5 text-xs font-medium text-zinc-500">
      {text && (
        <>
          <span aria-hidden="true" className="flex gap-0.5">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="size-1.5 animate-bounce rounded-full bg-fuchsia-500 motion-reduce:animate-none"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
          {text}
        </>
      )}
    </p>
  );
}
