import {
  type Chat,
  GROUP_CHAT_MAX_MEMBERS,
  hasVisibleText,
  SEARCH_DEBOUNCE_MS,
  type UserSearchResult,
} from "@flik/shared";
import { type FormEvent, useId, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { CloseIcon } from "../../../components/later-icons";
import { useCreateGroup } from "../hooks/use-chat-mutations";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { ChatSearchBox } from "./chat-search-box";
import { DialogActions } from "./dialog-actions";
import { GroupNameField } from "./group-name-field";
import { UserResults } from "./user-results";

/** The contract's minimum: a group is the member and at least two others. */
const MIN_OTHERS = 2;

interface NewGroupDialogProps {
  viewerId: string;
  onClose: () => void;
  onCreated: (chat: Chat) => void;
}

/** A group chat (spec §3 isGroupChat): a name and members picked with the chat's user search. */
export function NewGroupDialog({ viewerId, onClose, onCreated }: NewGroupDialogProps) {
  const id = useId();
  // The dialog opens on its name field: typing goes straight in (a space would otherwise press Close).
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [search, setSearch] = useState("");
  const [members, setMembers] = useState<UserSearchResult[]>([]);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const createGroup = useCreateGroup(onCreated);
  const pickedIds = new Set(members.map((m) => m._id));
  const canCreate = hasVisibleText(name) && members.length >= MIN_OTHERS && !createGroup.isPending;

  function toggle(user: UserSearchResult) {
    setMembers((current) =>
      pickedIds.has(user._id)
        ? current.filter((m) => m._id !== user._id)
        : current.length < GROUP_CHAT_MAX_MEMBERS - 1
          ? [...current, user]
          : current,
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canCreate) return;
    createGroup.mutate({ name: name.trim(), userIds: members.map((m) => m._id) });
  }

  return (
    <Dialog
      title="New group"
      onClose={onClose}
      size="md"
      dismissible={!createGroup.isPending}
      initialFocus={nameRef}
    >
      <form onSubmit={handleSubmit} className="space-y-4">
        <GroupNameField
          id={`${id}-name`}
          inputRef={nameRef}
          value={name}
          onChange={setName}
          placeholder="Weekend plans"
        />

        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-zinc-800">Members</legend>
          {members.length > 0 && (
            <ul aria-label="Chosen members" className="mb-2.5 flex flex-wrap gap-1.5">
              {members.map((member) => (
                <li
                  key={member._id}
                  className="inline-flex items-center gap-1 rounded-full bg-fuchsia-50 py-1 pr-1 pl-3 text-sm font-medium text-fuchsia-800"
                >
                  {member.username}
                  <button
                    type="button"
                    aria-label={`Remove ${member.username}`}
                    onClick={() => toggle(member)}
                    className="flex size-6 items-center justify-center rounded-full hover:bg-fuchsia-100"
                  >
                    <CloseIcon className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ChatSearchBox
            id={`${id}-search`}
            label="Add members"
            value={search}
            onChange={setSearch}
            placeholder="Search people to add"
          />
          <div className="mt-2 max-h-60 overflow-y-auto">
            <UserResults
              query={query}
              viewerId={viewerId}
              onPick={toggle}
              selectedIds={pickedIds}
              searchBoxId={`${id}-search`}
            />
          </div>
          <p className="mt-2 text-xs text-zinc-500">
            {members.length < MIN_OTHERS
              ? `Choose at least ${MIN_OTHERS} people.`
              : `${members.length + 1} members, you included.`}
          </p>
        </fieldset>

        <DialogActions onCancel={onClose} busy={createGroup.isPending}>
          <button type="submit" disabled={!canCreate} className={buttonStyles.primary}>
            {createGroup.isPending ? "Creating..." : "Create group"}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
