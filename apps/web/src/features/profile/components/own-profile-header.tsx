import type { User } from "@flik/shared";
import { buttonStyles } from "../../../components/button-styles";
import { LinkIcon, LogOutIcon } from "../../../components/icons";
import { useLogout } from "../../auth/hooks/use-logout";
import { Avatar } from "./avatar";

function displayUrl(website: string): string {
  return website.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

function safeHref(website: string): string | null {
  const href = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  try {
    return new URL(href).protocol.startsWith("http") ? href : null;
  } catch {
    return null;
  }
}

export function OwnProfileHeader({ user }: { user: User }) {
  const logout = useLogout();
  const avatar = user.avatar || user.profilePic;
  const website = (user.website ?? "").trim();
  const websiteHref = website ? safeHref(website) : null;

  return (
    <section className="overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm">
      <div aria-hidden="true" className="bg-brand h-24 sm:h-32" />
      <div className="px-5 pb-6 sm:px-8">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-4 sm:-mt-14">
          <Avatar
            src={avatar}
            name={user.fullName || user.username}
            className="size-24 text-4xl sm:size-28"
          />
          <button
            type="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            className={buttonStyles.secondary}
          >
            <LogOutIcon className="size-4" />
            {logout.isPending ? "Logging out..." : "Log out"}
          </button>
        </div>
        <h1 className="mt-4 text-2xl font-bold tracking-tight break-words text-zinc-900">@{user.username}</h1>
        <p className="mt-0.5 text-zinc-600">{user.fullName || "Unnamed User"}</p>
        {user.bio && <p className="mt-4 whitespace-pre-line text-zinc-800">{user.bio}</p>}
        {websiteHref && (
          <a
            href={websiteHref}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="mt-3 inline-flex items-center gap-1.5 rounded text-sm font-medium text-fuchsia-700 hover:underline"
          >
            <LinkIcon className="size-4" />
            {displayUrl(website)}
          </a>
        )}
      </div>
    </section>
  );
}
