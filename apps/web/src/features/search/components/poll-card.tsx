import type { Poll } from "@flik/shared";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { isNoPoll, usePollQuery } from "../api/search.queries";
import { useVote } from "../hooks/use-vote";
import { cardBone, ExploreCard } from "./explore-card";

const wholeNumber = new Intl.NumberFormat("en-US");

/** Share of the votes, whole percent. */
export function percentOf(votes: number | null, total: number | null): number {
  if (!votes || !total) return 0;
  return Math.round((votes / total) * 100);
}

/**
 * Spec §2's poll, stored on the server (issue 18): one vote per member; the results show once the
 * member has voted, with their choice marked. No poll running: no card.
 */
export function PollCard() {
  const poll = usePollQuery();
  // A vote sent from here: the results that replace the form take the focus its Vote button had.
  const [voted, setVoted] = useState(false);
  if (poll.isError && isNoPoll(poll.error)) return null;
  return (
    <ExploreCard title="Poll">
      {poll.data ? (
        poll.data.myVote !== null && poll.data.totalVotes !== null ? (
          <PollResults poll={poll.data} takeFocus={voted} />
        ) : (
          <PollForm key={poll.data._id} poll={poll.data} onVote={() => setVoted(true)} />
        )
      ) : poll.isError ? (
        <div role="alert" className="text-sm text-zinc-600">
          Couldn't load the poll.{" "}
          <button
            type="button"
            onClick={() => void poll.refetch()}
            className="font-semibold text-fuchsia-600 underline hover:text-fuchsia-700"
          >
            Try again
          </button>
        </div>
      ) : (
        <div aria-hidden="true" className="space-y-3">
          <div className={`${cardBone} h-4 w-4/5`} />
          <div className={`${cardBone} h-10 w-full rounded-xl`} />
          <div className={`${cardBone} h-10 w-full rounded-xl`} />
          <div className={`${cardBone} h-10 w-full rounded-xl`} />
        </div>
      )}
    </ExploreCard>
  );
}

function PollForm({ poll, onVote }: { poll: Poll; onVote: () => void }) {
  const legendId = useId();
  const vote = useVote(poll._id);
  // The vote being sent shows as chosen; a refused one leaves the member's choice in place to try again.
  const [choice, setChoice] = useState<string | null>(poll.myVote);
  const sending = vote.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!choice || sending) return;
    onVote();
    vote.mutate(choice);
  }

  return (
    <form onSubmit={submit}>
      <fieldset aria-labelledby={legendId} disabled={sending}>
        <legend id={legendId} className="mb-3 text-[15px] leading-snug font-semibold text-zinc-900">
          {poll.question}
        </legend>
        <div className="space-y-2">
          {poll.options.map((option) => {
            const checked = (poll.myVote ?? choice) === option._id;
            return (
              <label
                key={option._id}
                className={`flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm font-medium transition has-focus-visible:ring-2 has-focus-visible:ring-fuchsia-500 ${
                  checked
                    ? "border-fuchsia-400 bg-fuchsia-50 text-zinc-900"
                    : "border-zinc-200 text-zinc-800 hover:bg-zinc-50"
                }`}
              >
                <input
                  type="radio"
                  name={`poll-${poll._id}`}
                  value={option._id}
                  checked={checked}
                  onChange={() => setChoice(option._id)}
                  className="size-4 accent-fuchsia-600"
                />
                {option.text}
              </label>
            );
          })}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={!choice || sending}
        className={`${buttonStyles.primary} mt-3 w-full py-2.5`}
      >
        {sending ? "Voting..." : "Vote"}
      </button>
      <p className="mt-2 text-center text-xs text-zinc-500">Results show once you vote.</p>
    </form>
  );
}

function PollResults({ poll, takeFocus }: { poll: Poll; takeFocus: boolean }) {
  const total = poll.totalVotes ?? 0;
  const listRef = useRef<HTMLUListElement>(null);
  // The focused Vote button went with the form: the results take the focus, so they are read out and
  // the keyboard goes on from the card (unless the focus was moved elsewhere meanwhile).
  useEffect(() => {
    if (takeFocus && (!document.activeElement || document.activeElement === document.body))
      listRef.current?.focus();
  }, [takeFocus]);
  return (
    <div>
      <p className="mb-3 text-[15px] leading-snug font-semibold text-zinc-900">{poll.question}</p>
      <ul ref={listRef} tabIndex={-1} aria-label="Results" className="space-y-2 rounded-xl">
        {poll.options.map((option) => {
          const percent = percentOf(option.votes, total);
          const mine = option._id === poll.myVote;
          return (
            <li
              key={option._id}
              className={`relative overflow-hidden rounded-xl border px-3 py-2.5 text-sm ${
                mine ? "border-fuchsia-300" : "border-zinc-200"
              }`}
            >
              <span
                aria-hidden="true"
                style={{ width: `${percent}%` }}
                className={`absolute inset-y-0 left-0 transition-[width] duration-500 motion-reduce:transition-none ${
                  mine ? "bg-fuchsia-100" : "bg-zinc-100"
                }`}
              />
              <span className="relative flex items-center justify-between gap-3">
                <span
                  className={`min-w-0 ${mine ? "font-semibold text-zinc-900" : "font-medium text-zinc-800"}`}
                >
                  {option.text}
                  {mine && (
                    <span className="ml-2 rounded-full bg-fuchsia-600 px-1.5 py-0.5 align-middle text-[11px] font-semibold text-white">
                      Your vote
                    </span>
                  )}
                </span>
                <span className="font-semibold text-zinc-900 tabular-nums">{percent}%</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-xs text-zinc-500">
        {wholeNumber.format(total)} {total === 1 ? "vote" : "votes"}
      </p>
    </div>
  );
}
