import type { Flick } from "@flik/shared";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { profilePath } from "../../../lib/paths";
import { TaggedText } from "../../tags/components/tagged-text";

/** Who posted the flick (to their profile) and its description, over the foot of the video. */
export function FlickInfo({ flick }: { flick: Flick }) {
  const { username, avatar } = flick.uploadedBy;
  return (
    <div className="min-w-0 text-white drop-shadow-[0_1px_2px_rgba(0,0,0,0.7)]">
      <Link
        to={profilePath(username)}
        className="pointer-events-auto inline-flex max-w-full items-center gap-2.5 rounded-full pr-2 focus-visible:outline-white"
      >
        <Avatar src={avatar} name={username} className="size-9 text-sm ring-2 ring-white/80" />
        <span className="truncate text-[15px] font-semibold">{username}</span>
      </Link>
      {flick.description && <FlickDescription text={flick.description} />}
    </div>
  );
}

/** Past about three lines, a description is cut with "more", which shows it whole (scrolling, if long). */
const SHORT_DESCRIPTION = { characters: 100, lineBreaks: 2 };

function FlickDescription({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  const id = useId();
  const long =
    text.length > SHORT_DESCRIPTION.characters || text.split("\n").length > SHORT_DESCRIPTION.lineBreaks + 1;
  return (
    // Shown whole, the text sits on a dark pane of its own: over a bright frame a shadow alone is unreadable.
    <div
      className={`mt-2 text-sm leading-snug ${whole ? "-mx-2 rounded-xl bg-black/60 px-2 py-1.5 backdrop-blur-sm" : ""}`}
    >
      <p
        id={id}
        // A #tag cut off by the clamp still takes the keyboard's focus: the description opens to show it.
        onFocus={(event) => {
          if (
            !whole &&
            event.target.getBoundingClientRect().bottom > event.currentTarget.getBoundingClientRect().bottom
          )
            setWhole(true);
        }}
        className={`break-words whitespace-pre-line ${
          whole ? "pointer-events-auto max-h-[40dvh] overflow-y-auto overscroll-contain" : "line-clamp-3"
        }`}
      >
        <TaggedText
          text={text}
          // Drawn inside the link: the clamp's hidden overflow would cut a ring drawn around it.
          linkClassName="pointer-events-auto rounded font-semibold hover:underline focus-visible:outline-white focus-visible:-outline-offset-2"
        />
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={whole}
          aria-controls={id}
          onClick={() => setWhole((shown) => !shown)}
          className="pointer-events-auto mt-0.5 rounded font-semibold text-white/80 hover:text-white focus-visible:outline-white"
        >
          {whole ? "less" : "more"}
        </button>
      )}
    </div>
  );
}
