import { buttonStyles } from "../../../components/button-styles";
import { SparklesIcon } from "../../../components/icons";
import { LoadingState } from "../../../components/status-message";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useMyProfileQuery } from "../api/profile.queries";
import { OwnProfileHeader } from "../components/own-profile-header";

export function OwnProfileScreen() {
  const profile = useMyProfileQuery();
  useDocumentTitle(profile.data ? `@${profile.data.username}` : "Profile");

  if (profile.isPending) return <LoadingState>Loading profile...</LoadingState>;
  if (profile.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-zinc-900">We couldn't load your profile</h1>
        <p className="text-sm text-zinc-600">Check your connection and try again.</p>
        <button
          type="button"
          onClick={() => profile.refetch()}
          disabled={profile.isFetching}
          className={buttonStyles.primary}
        >
          {profile.isFetching ? "Retrying..." : "Try again"}
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <OwnProfileHeader user={profile.data} />
      <section className="flex items-start gap-4 rounded-2xl border border-dashed border-zinc-300 bg-white/60 p-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-fuchsia-50 text-fuchsia-600">
          <SparklesIcon className="size-5" />
        </span>
        <div>
          <h2 className="font-semibold text-zinc-900">More of your profile is coming soon</h2>
          <p className="mt-1 text-sm text-zinc-600">
            Your posts, fliks, highlights, followers and following will appear here in an upcoming update.
          </p>
        </div>
      </section>
    </div>
  );
}
