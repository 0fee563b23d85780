import { useEffect, useRef } from "react";
import { announce } from "../../../lib/announce";
import type { SearchResults } from "../api/search.api";
import { resultsSummary } from "../results-summary";

/**
 * Tells screen readers, politely, what a typed text found ("3 members, at least 12 posts") once its own
 * answer is in: the focus stays in the box, so the results list coming alone says nothing. Read once
 * per text: a later change of the same answer (Show more, a live update) is not read again.
 *
 * `q` is the searched text ("" when too short to search); `answer` its own results, not another text's
 * shown dimmed while this one's come.
 */
export function useResultsAnnouncement(q: string, answer: SearchResults | undefined): void {
  const readFor = useRef<string | null>(null);
  useEffect(() => {
    if (!q) {
      // The box was emptied: the same text typed again is read again.
      readFor.current = null;
      return;
    }
    if (!answer || readFor.current === q) return;
    const summary = resultsSummary(answer);
    // Nothing found: "No results found", a status of its own, says it.
    if (summary === null) return;
    readFor.current = q;
    announce(summary);
  }, [q, answer]);
}
