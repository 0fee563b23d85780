import { type PublicProfile, USERNAME_MAX_LENGTH } from "@flik/shared";
import { type FormEvent, useEffect, useRef } from "react";
import { TextField } from "../../../components/text-field";
import { changedFields, useEditedFields } from "../../../lib/changed-fields";
import { limitedText } from "../../../lib/limited-text";
import { useFieldProblems } from "../hooks/use-field-problems";
import { useUpdateProfile } from "../hooks/use-update-profile";
import { normalizeWebsite } from "../website";
import { BioField } from "./bio-field";

const smallButton = "rounded-lg px-4 py-2 text-sm font-semibold transition aria-disabled:opacity-60";

/** Spec §4 profile edit mode: username, website and bio in place, with Save and Cancel. */
export function ProfileEditForm({ member, onDone }: { member: PublicProfile; onDone: () => void }) {
  // What the member typed, over the profile as it is now (read again while the form is open).
  const current = { username: member.username, website: member.website, bio: member.bio };
  const {
    values: { username, website, bio },
    setterOf,
  } = useEditedFields(current);
  const update = useUpdateProfile();
  // After a refused Save, the keyboard goes on from the first field the server refused.
  const {
    problems: errors,
    formRef,
    refused,
    clear,
    change,
  } = useFieldProblems<"username" | "website" | "bio">();
  const usernameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    usernameRef.current?.focus();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    clear();
    // Only what the member changed: a change made elsewhere meanwhile is never put back.
    const changed = changedFields(current, {
      username: username.trim(),
      website: normalizeWebsite(website),
      bio,
    });
    if (Object.keys(changed).length === 0) return onDone();
    update.mutate(changed, {
      onSuccess: onDone,
      onError: (error) => {
        console.error("Profile update failed", error);
        refused(error);
        window.alert("Profile update failed");
      },
    });
  }

  return (
    <form
      ref={formRef}
      aria-label="Edit profile"
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !update.isPending) onDone();
      }}
      className="space-y-4 rounded-2xl border border-zinc-200 bg-zinc-50/60 p-4 sm:p-5"
    >
      <TextField
        ref={usernameRef}
        label="Username"
        {...limitedText(username, USERNAME_MAX_LENGTH, (typed) =>
          change("username", setterOf("username"), typed),
        )}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username}
      />
      <TextField
        label="Website"
        type="url"
        inputMode="url"
        placeholder="https://example.com"
        value={website}
        onChange={(event) => change("website", setterOf("website"), event.target.value)}
        autoComplete="url"
        error={errors.website}
      />
      <BioField value={bio} onChange={(value) => change("bio", setterOf("bio"), value)} error={errors.bio} />
      <div className="flex justify-end gap-2">
        <button
          type="button"
          // Not disabled while saving: a disabled button drops the focus to the page.
          onClick={() => !update.isPending && onDone()}
          aria-disabled={update.isPending}
          className={`${smallButton} bg-white text-zinc-800 ring-1 ring-zinc-200 hover:bg-zinc-100`}
        >
          Cancel
        </button>
        <button
          type="submit"
          aria-disabled={update.isPending}
          className={`${smallButton} bg-brand text-white shadow-sm hover:brightness-110`}
        >
          {update.isPending ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
