import { Avatar } from "../../../../components/avatar";

interface ProfilePreviewCardProps {
  avatar: string;
  username: string;
  fullName: string;
  bio: string;
  className?: string;
}

/** Spec §2: the public profile as it will look, updated as the member types. */
export function ProfilePreviewCard({
  avatar,
  username,
  fullName,
  bio,
  className = "",
}: ProfilePreviewCardProps) {
  // Usernames are kept in lower case: the preview shows the one others will see.
  const handle = username.trim().toLowerCase();
  return (
    <section
      aria-label="Preview"
      className={`overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm ${className}`}
    >
      <div aria-hidden="true" className="bg-brand h-16" />
      <div className="px-5 pb-5">
        <Avatar src={avatar} name={handle || "?"} className="-mt-9 size-18 text-2xl ring-4" />
        <p className="mt-3 truncate text-base font-semibold text-zinc-900">@{handle || "username"}</p>
        <p className="truncate text-sm text-zinc-600">{fullName.trim() || "Unnamed User"}</p>
        {bio.trim() && <p className="mt-3 text-sm break-words whitespace-pre-line text-zinc-800">{bio}</p>}
        <p className="mt-4 border-t border-zinc-100 pt-3 text-xs text-zinc-500">
          Preview · how others see you
        </p>
      </div>
    </section>
  );
}
