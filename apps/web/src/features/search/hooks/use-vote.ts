import type { Poll } from "@flik/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { votePoll } from "../api/search.api";
import { searchKeys } from "../api/search-keys";

/**
 * Votes in the poll. The choice shows as made at once; the counts come with the server's answer (they
 * stay hidden until the member has voted). A refused vote is taken back and said so, and the poll is
 * read again (the member may have voted elsewhere meanwhile).
 */
export function useVote(pollId: string) {
  const queryClient = useQueryClient();
  const key = searchKeys.poll();
  return useMutation({
    mutationFn: (optionId: string) => votePoll(pollId, optionId),
    onMutate: async (optionId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Poll>(key);
      queryClient.setQueryData<Poll>(key, (poll) => poll && { ...poll, myVote: optionId });
      return { before };
    },
    onSuccess: (poll) => queryClient.setQueryData(key, poll),
    onError: (error, _optionId, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(errorMessage(error, "Couldn't save your vote. Please try again."), {
        toastId: "poll-vote",
      });
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
