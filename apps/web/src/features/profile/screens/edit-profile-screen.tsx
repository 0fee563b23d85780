import {
  FULL_NAME_MAX_LENGTH,
  type Gender,
  renamedUsernameIssues,
  USERNAME_MAX_LENGTH,
  type User,
  updateProfileBody,
  withoutDirectionControls,
} from "@flik/shared";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { buttonStyles } from "../../../components/button-styles";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ArrowLeftIcon } from "../../../components/icons";
import { CameraIcon } from "../../../components/later-icons";
import { LoadError } from "../../../components/load-error";
import { LoadingState } from "../../../components/status-message";
import { TextField } from "../../../components/text-field";
import { useAskBeforeUnload } from "../../../lib/ask-before-unload";
import { changedFields } from "../../../lib/changed-fields";
import { limitedText } from "../../../lib/limited-text";
import { useFormToasts } from "../../../lib/toast";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useMyProfileQuery } from "../api/profile.queries";
import { AvatarChangeElements } from "../components/avatar-change-elements";
import { BioField } from "../components/bio-field";
import { GenderSelect } from "../components/edit/gender-select";
import { ProfilePreviewCard } from "../components/edit/profile-preview-card";
import { useAvatarChange } from "../hooks/use-avatar-change";
import { useFieldProblems } from "../hooks/use-field-problems";
import { useLeaveCheck } from "../hooks/use-leave-check";
import { useUpdateProfile } from "../hooks/use-update-profile";

/** /edit-profile: photo, full name, username, bio, and the gender no one else sees. */
export function EditProfileScreen() {
  useDocumentTitle("Edit profile");
  const profile = useMyProfileQuery();

  return (
    <div className="mx-auto w-full max-w-4xl">
      <header className="mb-6 flex items-center gap-2">
        <Link
          to="/profile"
          aria-label="Back to profile"
          className="-ml-2 flex size-10 items-center justify-center rounded-full text-zinc-700 transition hover:bg-zinc-100"
        >
          <ArrowLeftIcon className="size-5" />
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900">Edit profile</h1>
      </header>
      {/* A read again that failed keeps the form: only a profile never read stands in its place. */}
      {profile.data ? (
        <EditProfileForm user={profile.data} />
      ) : profile.isError ? (
        <LoadError
          title="We couldn't load your profile"
          detail="Check your connection, then try again."
          onRetry={() => profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <LoadingState>Loading profile...</LoadingState>
      )}
    </div>
  );
}

function EditProfileForm({ user }: { user: User }) {
  const savedAvatar = user.avatar || user.profilePic;
  const [fullName, setFullName] = useState(user.fullName);
  const [username, setUsername] = useState(user.username);
  const [bio, setBio] = useState(user.bio);
  const [gender, setGender] = useState<Gender | null>(user.gender);
  const [avatar, setAvatar] = useState(savedAvatar);
  // What the form shows as saved: what it opened with, then what each save stored. Not the account as
  // read again meanwhile, or a change made elsewhere would count as this form's and be put back.
  const [saved, setSaved] = useState(() => ({
    fullName: user.fullName,
    username: user.username,
    bio: user.bio,
    gender: user.gender,
    avatar: savedAvatar,
  }));
  const update = useUpdateProfile();
  // Save is disabled while it saves, which takes the focus from it: given back once it is done.
  const saveRef = useRef<HTMLButtonElement>(null);
  const changePhotoRef = useRef<HTMLButtonElement>(null);
  // A success takes down the form's earlier failure toasts.
  const toasts = useFormToasts();
  // A refused Save takes the focus to the first field it names.
  const {
    problems: errors,
    formRef,
    foundIssues,
    refused,
    clear,
    change,
  } = useFieldProblems<"fullName" | "username" | "bio" | "gender">();
  const photo = useAvatarChange({
    onUploaded: (url) => {
      setAvatar(url);
      return undefined;
    },
    onFailed: (_stage, error) => {
      console.error("Uploading the avatar failed", error);
      toasts.error("Failed to upload avatar.");
    },
  });

  const edited = { fullName: fullName.trim(), username: username.trim(), bio, gender, avatar };
  // An uploaded photo (or one uploading) or a typed word is lost with the screen: asked first, in the
  // app's dialog for its own ways off the screen and in the browser's for a reload or a closed tab. A Save
  // on its way keeps them.
  const unsaved =
    !update.isPending && (photo.percent !== null || Object.keys(changedFields(saved, edited)).length > 0);
  const leaving = useLeaveCheck(unsaved);
  useAskBeforeUnload(unsaved);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending || photo.busy) return;
    // The shared rules first: what they refuse is said at once, without asking the server.
    const checked = updateProfileBody.safeParse(edited);
    const issues = [
      ...(checked.success ? [] : checked.error.issues),
      ...renamedUsernameIssues(edited.username, user.username),
    ];
    if (issues.length > 0) {
      toasts.clear();
      foundIssues(issues);
      return;
    }
    clear();
    // Only what the member changed: a page opened before a change made elsewhere never undoes it.
    const body = changedFields(saved, edited);
    update.mutate(body, {
      onSettled: () => {
        if (document.activeElement === document.body || document.activeElement === null)
          requestAnimationFrame(() => saveRef.current?.focus());
      },
      onSuccess: (updated) => {
        // As it was stored (a username in lower case, a name trimmed): what others now see.
        setFullName(updated.fullName);
        setUsername(updated.username);
        setBio(updated.bio);
        setGender(updated.gender);
        setAvatar(updated.avatar || updated.profilePic);
        setSaved({
          fullName: updated.fullName,
          username: updated.username,
          bio: updated.bio,
          gender: updated.gender,
          avatar: updated.avatar || updated.profilePic,
        });
        toasts.success("Profile updated successfully!");
      },
      onError: (error) => {
        console.error("Profile update failed", error);
        toasts.error("Failed to update profile.");
        refused(error);
      },
    });
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
      <ProfilePreviewCard
        avatar={avatar}
        username={username}
        // As it will be stored: a direction override typed in the name turns nothing around on Flik.
        fullName={withoutDirectionControls(fullName)}
        bio={bio}
        className="lg:sticky lg:top-24 lg:order-2"
      />
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-label="Profile details"
        className="space-y-6 rounded-2xl border border-zinc-200/80 bg-white p-4 shadow-sm sm:p-8 lg:order-1"
      >
        <div className="flex items-center gap-3 rounded-2xl bg-zinc-50 p-3 sm:gap-4 sm:p-4">
          <Avatar src={avatar} name={username} className="size-16 text-2xl ring-2" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-zinc-900">@{user.username}</p>
            <div className="mt-0.5 flex flex-wrap items-center gap-x-4 gap-y-1">
              <button
                ref={changePhotoRef}
                type="button"
                onClick={photo.choose}
                disabled={photo.busy || update.isPending}
                className="inline-flex items-center gap-1.5 rounded text-left text-sm font-semibold text-fuchsia-700 transition hover:text-fuchsia-900 disabled:opacity-60"
              >
                <CameraIcon className="size-4 shrink-0" />
                Change profile photo
              </button>
              {/* Instagram's "Remove current photo": saved with the rest, the initial shows in its place. */}
              {avatar && (
                <button
                  type="button"
                  onClick={() => {
                    setAvatar("");
                    changePhotoRef.current?.focus();
                  }}
                  disabled={photo.busy || update.isPending}
                  className="rounded text-sm font-semibold whitespace-nowrap text-zinc-600 transition hover:text-red-700 disabled:opacity-60"
                >
                  Remove photo
                </button>
              )}
            </div>
          </div>
        </div>

        <TextField
          label="Full name"
          {...limitedText(fullName, FULL_NAME_MAX_LENGTH, (typed) => change("fullName", setFullName, typed))}
          autoComplete="name"
          error={errors.fullName}
        />
        <TextField
          label="Username"
          {...limitedText(username, USERNAME_MAX_LENGTH, (typed) => change("username", setUsername, typed))}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username}
        />
        <BioField
          value={bio}
          onChange={(value) => change("bio", setBio, value)}
          error={errors.bio}
          rows={4}
        />
        <GenderSelect
          value={gender}
          onChange={(value) => change("gender", setGender, value)}
          error={errors.gender}
        />

        <div className="flex justify-end border-t border-zinc-100 pt-6">
          <button
            ref={saveRef}
            type="submit"
            disabled={update.isPending || photo.busy}
            className={`${buttonStyles.primary} w-full sm:w-auto sm:min-w-36`}
          >
            {update.isPending ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
      <AvatarChangeElements change={photo} />
      {leaving.state === "blocked" && (
        <ConfirmDialog
          title="Discard changes?"
          confirmLabel="Discard"
          onConfirm={() => leaving.proceed()}
          onCancel={() => leaving.reset()}
        >
          If you leave now, your changes won't be saved.
        </ConfirmDialog>
      )}
    </div>
  );
}
