import { HeartIcon } from "../../../components/icons";

/** Spec §2: a Like toggle reading 'Liked' or 'Like', with the count. */
export function LikeToggle({
  liked,
  count,
  onToggle,
}: {
  liked: boolean;
  count: number;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      className={`inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold transition active:scale-95 ${
        liked ? "bg-rose-50 text-rose-700 hover:bg-rose-100" : "bg-zinc-100 text-zinc-800 hover:bg-zinc-200"
      }`}
    >
      <HeartIcon
        filled={liked}
        className={`size-5 transition-transform motion-safe:duration-200 ${liked ? "scale-110" : ""}`}
      />
      <span>{liked ? "Liked" : "Like"}</span>{" "}
      <span className="tabular-nums">{count.toLocaleString("en-US")}</span>
    </button>
  );
}
