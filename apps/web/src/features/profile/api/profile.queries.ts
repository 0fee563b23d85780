import { useQuery } from "@tanstack/react-query";
import { fetchMyProfile } from "./profile.api";

export const profileKeys = {
  all: ["profile"] as const,
  me: () => [...profileKeys.all, "me"] as const,
};

export function useMyProfileQuery() {
  return useQuery({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => fetchMyProfile(signal),
  });
}
