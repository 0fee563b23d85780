import { toast } from "react-toastify/unstyled";
import { Avatar } from "../../../components/avatar";
import { PlusIcon } from "../../../components/icons";
import { getUsername } from "../../../lib/storage";
import { useCurrentUserQuery } from "../../auth/api/user.queries";

/**
 * The header's story upload (spec §2), drawn as Instagram's "Your story": the member's own picture in
 * the story ring with a plus, so it never reads as the tab bar's New post square.
 */
export function StoryButton() {
  // Only read: the session check has loaded the member already, and keeps them fresh.
  const me = useCurrentUserQuery(false).data;
  const name = me?.fullName || me?.username || getUsername() || "";
  return (
    <button
      type="button"
      aria-label="Upload story"
      onClick={() => toast.info("Stories are coming soon")}
      className="group relative flex size-11 items-center justify-center rounded-full transition hover:bg-zinc-100"
    >
      <span className="bg-brand rounded-full p-[2px]">
        <Avatar src={me?.avatar} name={name} className="size-7 text-xs ring-2 ring-white" />
      </span>
      <span className="absolute right-0.5 bottom-0.5 flex size-4 items-center justify-center rounded-full bg-zinc-900 text-white ring-2 ring-white">
        <PlusIcon className="size-3 stroke-3" />
      </span>
    </button>
  );
}
