import { type Chat, renameChatBody } from "@flik/shared";
import { type FormEvent, useId, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { useRenameGroup } from "../hooks/use-chat-mutations";
import { DialogActions } from "./dialog-actions";
import { GroupNameField } from "./group-name-field";

interface RenameGroupDialogProps {
  chat: Chat;
  onClose: () => void;
}

/**
 * A group's new name (an extension: any member renames it, as on Instagram), under the rule a new group's
 * name follows. A refusal leaves the dialog open with what was typed, so it can be corrected.
 */
export function RenameGroupDialog({ chat, onClose }: RenameGroupDialogProps) {
  const id = useId();
  // Opens on the name field: typing goes straight in (a space would otherwise press Close).
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(chat.name);
  const [problem, setProblem] = useState<string>();
  const rename = useRenameGroup(onClose);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Save stays focusable while saving (a disabled button would drop the focus): a second press waits.
    if (rename.isPending) return;
    // The server's own rule, so what it would refuse is said here, in its words, without a round trip.
    const parsed = renameChatBody.safeParse({ name });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      nameRef.current?.focus();
      return;
    }
    if (parsed.data.name === chat.name) onClose();
    else rename.mutate({ chatId: chat._id, name: parsed.data.name });
  }

  return (
    <Dialog
      title="Rename group"
      onClose={onClose}
      size="sm"
      dismissible={!rename.isPending}
      initialFocus={nameRef}
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        <GroupNameField
          id={`${id}-name`}
          inputRef={nameRef}
          value={name}
          onChange={(typed) => {
            setName(typed);
            setProblem(undefined);
          }}
          problem={problem}
        />

        <DialogActions onCancel={onClose} busy={rename.isPending}>
          <button
            type="submit"
            aria-disabled={rename.isPending || undefined}
            className={`${buttonStyles.primary} aria-disabled:cursor-wait aria-disabled:opacity-60`}
          >
            {rename.isPending ? "Saving..." : "Save"}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
