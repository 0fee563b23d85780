import {
  FULL_NAME_MAX_LENGTH,
  renamedUsernameIssues,
  USERNAME_MAX_LENGTH,
  type User,
  updateUserBody,
} from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { buttonStyles } from "../../../components/button-styles";
import { TextField } from "../../../components/text-field";
import { changedFields, useEditedFields } from "../../../lib/changed-fields";
import { limitedText } from "../../../lib/limited-text";
import { useFormToasts } from "../../../lib/toast";
import { BioField } from "../../profile/components/bio-field";
import { useFieldProblems } from "../../profile/hooks/use-field-problems";
import { updateAccount } from "../api/settings.api";
import { EditPanel } from "../components/edit-panel";
import { useApplyUser } from "../hooks/use-apply-user";

type Field = "fullName" | "username" | "bio";

/** Spec §2's profile info: full name, username and bio (PUT /user), the photo on the edit screen. */
export function ProfilePanel({ user, onClose }: { user: User; onClose: () => void }) {
  // What the member typed, over the account as it is now (read again while the panel is open: see submit).
  const current = { fullName: user.fullName, username: user.username, bio: user.bio };
  const {
    values: { fullName, username, bio },
    setterOf,
  } = useEditedFields(current);
  // A refused Save (by the shared rules or the server) takes the focus to the first field it names.
  const { problems, formRef, foundIssues, refused, clear, change } = useFieldProblems<Field>();
  const firstRef = useRef<HTMLInputElement>(null);
  // A success takes down the form's earlier failure toasts; closing the panel takes a failure's down.
  const toasts = useFormToasts({ failuresGoWithForm: true });
  const applyUser = useApplyUser();

  const save = useMutation({
    mutationFn: updateAccount,
    onSuccess: (updated) => {
      applyUser(updated);
      toasts.success("Profile updated successfully!");
      onClose();
    },
    onError: (error) => {
      console.error("Profile update failed", error);
      toasts.error("Failed to update profile.");
      refused(error);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = updateUserBody.safeParse({ fullName, username, bio });
    const issues = [
      ...(parsed.success ? [] : parsed.error.issues),
      ...renamedUsernameIssues(username, user.username),
    ];
    if (issues.length > 0) {
      toasts.clear();
      foundIssues(issues);
      return;
    }
    clear();
    // Only what the member changed from the account as it is now: a change made elsewhere meanwhile is
    // shown in the fields the member left alone, and never undone.
    const edited = { fullName: fullName.trim(), username: username.trim(), bio };
    const changed = changedFields(current, edited);
    if (Object.keys(changed).length === 0) onClose();
    else save.mutate(changed);
  }

  return (
    <EditPanel title="Profile info" onClose={onClose} initialFocus={firstRef}>
      <div className="mb-6 flex items-center gap-3 rounded-xl bg-zinc-50 p-3 ring-1 ring-zinc-200/70">
        <Avatar src={user.avatar || user.profilePic} name={username} className="size-12 ring-2" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-zinc-900">@{user.username}</p>
          <Link
            to="/edit-profile"
            className="rounded text-sm font-semibold text-fuchsia-700 underline-offset-4 hover:text-fuchsia-800 hover:underline"
          >
            Change photo on the edit profile page
          </Link>
        </div>
      </div>
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
        <TextField
          ref={firstRef}
          label="Full name"
          name="fullName"
          autoComplete="name"
          {...limitedText(fullName, FULL_NAME_MAX_LENGTH, (typed) =>
            change("fullName", setterOf("fullName"), typed),
          )}
          error={problems.fullName}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...limitedText(username, USERNAME_MAX_LENGTH, (typed) =>
            change("username", setterOf("username"), typed),
          )}
          error={problems.username}
          hint="Letters, numbers, periods and underscores."
        />
        <BioField
          value={bio}
          onChange={(value) => change("bio", setterOf("bio"), value)}
          error={problems.bio}
          rows={4}
        />
        {/* Not disabled while saving: that would drop the focus to the page. (submit ignores a resave.) */}
        <button
          type="submit"
          aria-disabled={save.isPending || undefined}
          className={`${buttonStyles.primary} w-full aria-disabled:cursor-wait aria-disabled:opacity-60`}
        >
          {save.isPending ? "Saving..." : "Save"}
        </button>
      </form>
    </EditPanel>
  );
}
