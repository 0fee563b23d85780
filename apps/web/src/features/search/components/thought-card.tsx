import { useEffect, useState } from "react";
import { PauseIcon, PlayIcon } from "../../../components/icons";
import { THOUGHT_ROTATION_MS, THOUGHTS } from "../explore-content";
import { ExploreCard } from "./explore-card";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each day starts on a different one, so it is the thought (or fact) of the day. */
function todaysIndex(): number {
  return Math.floor(Date.now() / DAY_MS) % THOUGHTS.length;
}

/**
 * Spec §2: a thought or fact of the day, changing every 30 s (spec §9). As the WAI-ARIA carousel
 * pattern asks, it holds still while the pointer or focus is on it and can be paused; changes it makes
 * on its own are not read out (one every 30 s would talk over the page), the member's own are.
 */
export function ThoughtCard() {
  const [index, setIndex] = useState(todaysIndex);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const [byMember, setByMember] = useState(false);
  const thought = THOUGHTS[index] ?? THOUGHTS[0];

  useEffect(() => {
    if (paused || held) return;
    const timer = setInterval(() => {
      setByMember(false);
      setIndex((current) => (current + 1) % THOUGHTS.length);
    }, THOUGHT_ROTATION_MS);
    return () => clearInterval(timer);
  }, [paused, held]);

  const next = () => {
    setByMember(true);
    setIndex((current) => (current + 1) % THOUGHTS.length);
  };

  return (
    <ExploreCard
      title={`${thought?.kind ?? "Thought"} of the day`}
      className="bg-linear-to-br from-fuchsia-50 via-white to-orange-50"
      action={
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? "Resume rotation" : "Pause rotation"}
          className="flex size-8 items-center justify-center rounded-full text-zinc-500 hover:bg-white hover:text-zinc-900"
        >
          {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
        </button>
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus here only hold the rotation */}
      <div
        onPointerEnter={() => setHeld(true)}
        onPointerLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
      >
        <figure aria-live={byMember ? "polite" : "off"} className="min-h-24">
          <blockquote
            key={index}
            className="animate-fade-in text-[15px] leading-relaxed font-medium text-zinc-900 motion-reduce:animate-none"
          >
            {thought?.text}
          </blockquote>
          {thought?.by && <figcaption className="mt-2 text-sm text-zinc-500">— {thought.by}</figcaption>}
        </figure>
        <div className="mt-3 flex items-center justify-between">
          <span aria-hidden="true" className="flex gap-1">
            {THOUGHTS.map((item, dot) => (
              <span
                key={item.text}
                className={`h-1.5 rounded-full transition-all ${dot === index ? "w-4 bg-fuchsia-500" : "w-1.5 bg-zinc-300"}`}
              />
            ))}
          </span>
          <button
            type="button"
            onClick={next}
            className="rounded-lg px-2 py-1 text-sm font-semibold text-fuchsia-600 hover:bg-white hover:text-fuchsia-700"
          >
            Next
          </button>
        </div>
      </div>
    </ExploreCard>
  );
}
