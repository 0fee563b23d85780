import type { MessagesFrom, PrivacyBody, User } from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type ComponentType, type FormEvent, type ReactNode, type Ref, useId, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { ChatIcon, UserIcon } from "../../../components/icons";
import { GlobeIcon, LockIcon } from "../../../components/later-icons";
import { useEditedFields } from "../../../lib/changed-fields";
import { useFormToasts } from "../../../lib/toast";
import {
  askForSystemNotifications,
  systemNotificationsPermission,
} from "../../notifications/system-notifications";
import { updatePrivacy } from "../api/settings.api";
import { EditPanel } from "../components/edit-panel";
import { useApplyUser } from "../hooks/use-apply-user";

export const PRIVACY_TEXTS = {
  saved: "Privacy settings updated!",
  failed: "Failed to update privacy settings",
} as const;

function ChoiceOption({
  icon: Icon,
  title,
  name,
  checked,
  onSelect,
  inputRef,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  title: string;
  /** The radio group. */
  name: string;
  checked: boolean;
  onSelect: () => void;
  inputRef?: Ref<HTMLInputElement>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-fuchsia-600 ${
        checked
          ? "border-fuchsia-500 bg-fuchsia-50/60 ring-1 ring-fuchsia-500"
          : "border-zinc-200 hover:bg-zinc-50"
      }`}
    >
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${
          checked ? "bg-brand text-white" : "bg-zinc-100 text-zinc-700"
        }`}
      >
        <Icon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-zinc-900">{title}</span>
        <span className="mt-0.5 block text-sm text-zinc-600">{children}</span>
      </span>
      <input
        ref={inputRef}
        id={id}
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="mt-1 size-4 shrink-0 accent-fuchsia-600 focus-visible:outline-none"
      />
    </label>
  );
}

function Switch({
  label,
  description,
  warning,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  /** What stands in the setting's way, said as a warning after its description. */
  warning?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-semibold text-zinc-900">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-zinc-600">
          {description}
          {warning && <span className="mt-1 block font-medium text-amber-800">{warning}</span>}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-description`}
        onClick={() => onChange(!checked)}
        className={`relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition ${
          // Off, the track still shows against the panel at 3:1 or more (WCAG 1.4.11): zinc-300 was 1.5:1.
          checked ? "bg-fuchsia-600" : "bg-zinc-500"
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition motion-reduce:transition-none ${
            checked ? "translate-x-6" : "translate-x-1"
          }`}
        />
      </button>
    </div>
  );
}

/**
 * Spec §2 Profile visibility (Private: 'Only you can see'; Public: anyone), who may message the member
 * (issue 16), and the notification settings.
 */
export function PrivacyPanel({ user, onClose }: { user: User; onClose: () => void }) {
  const [browserPermission, setBrowserPermission] = useState(systemNotificationsPermission);
  const chosenRef = useRef<HTMLInputElement>(null);
  // A success takes down the form's earlier failure toasts; closing the panel takes a failure's down.
  const toasts = useFormToasts({ failuresGoWithForm: true });
  const applyUser = useApplyUser();
  // Only what the member changed is sent, and the rest shows the account as it is now: a change made
  // elsewhere while the panel is open (the account read again) is shown, never undone.
  const {
    values: { isPrivate, messagesFrom, emailNotifications, pushNotifications },
    edit,
    changed,
  } = useEditedFields({
    isPrivate: user.isPrivate,
    messagesFrom: user.messagesFrom,
    emailNotifications: user.emailNotifications,
    pushNotifications: user.pushNotifications,
  });
  const setIsPrivate = (value: boolean) => edit("isPrivate", value);
  const setMessagesFrom = (value: MessagesFrom) => edit("messagesFrom", value);
  const setEmailNotifications = (value: boolean) => edit("emailNotifications", value);
  const setPushNotifications = (value: boolean) => edit("pushNotifications", value);
  const anyChanged = Object.keys(changed).length > 0;
  // Going public lets in everyone who asked (spec §10): said before it is saved, not found out after.
  const approvedOnSave = user.isPrivate && !isPrivate ? user.followRequestsCount : 0;

  const save = useMutation({
    mutationFn: (body: PrivacyBody) => updatePrivacy(body),
    onSuccess: (answer) => {
      if (answer?.user) applyUser(answer.user);
      toasts.success(PRIVACY_TEXTS.saved);
      onClose();
    },
    onError: (error) => {
      console.error("Privacy update failed", error);
      toasts.error(PRIVACY_TEXTS.failed);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || !anyChanged) return;
    save.mutate(changed);
  }

  return (
    <EditPanel title="Profile visibility" onClose={onClose} initialFocus={chosenRef}>
      <form noValidate onSubmit={submit} className="space-y-8">
        <fieldset>
          <legend className="mb-3 text-sm font-semibold text-zinc-900">Who can see your profile</legend>
          <div className="space-y-3">
            <ChoiceOption
              icon={GlobeIcon}
              title="Public"
              name="visibility"
              checked={!isPrivate}
              onSelect={() => setIsPrivate(false)}
              inputRef={isPrivate ? undefined : chosenRef}
            >
              Anyone can see your profile and posts.
              {approvedOnSave > 0 && (
                <span className="mt-1 block font-medium text-zinc-800">
                  {approvedOnSave === 1
                    ? "Your waiting follow request will be approved."
                    : `Your ${approvedOnSave} waiting follow requests will be approved.`}
                </span>
              )}
            </ChoiceOption>
            <ChoiceOption
              icon={LockIcon}
              title="Private"
              name="visibility"
              checked={isPrivate}
              onSelect={() => setIsPrivate(true)}
              inputRef={isPrivate ? chosenRef : undefined}
            >
              Only you can see
              <span className="mt-0.5 block">
                …and the followers you approve. Everyone else sees who you are, not your posts or stories.
              </span>
            </ChoiceOption>
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-3 text-sm font-semibold text-zinc-900">Who can message you</legend>
          <div className="space-y-3">
            <ChoiceOption
              icon={ChatIcon}
              title="Everyone"
              name="messages-from"
              checked={messagesFrom === "everyone"}
              onSelect={() => setMessagesFrom("everyone")}
            >
              Chats from people you don't follow wait in your message requests.
            </ChoiceOption>
            <ChoiceOption
              icon={UserIcon}
              title="People you follow"
              name="messages-from"
              checked={messagesFrom === "following"}
              onSelect={() => setMessagesFrom("following")}
            >
              Only people you follow can start a chat with you.
            </ChoiceOption>
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold text-zinc-900">Notifications</legend>
          <div className="divide-y divide-zinc-100">
            <Switch
              label="Email notifications"
              description={
                user.emailVerified
                  ? "New followers and messages while you're away, at most one email an hour."
                  : "New followers and messages while you're away, at most one email an hour, once your email is verified."
              }
              checked={emailNotifications}
              onChange={setEmailNotifications}
            />
            <Switch
              label="Push notifications"
              description="Likes, comments, follows and messages as they happen, while Flik is open in the background."
              warning={
                !pushNotifications
                  ? undefined
                  : browserPermission === "denied"
                    ? "Your browser blocks notifications from Flik: allow them in its site settings."
                    : browserPermission === "unsupported"
                      ? "This browser can't show notifications."
                      : undefined
              }
              checked={pushNotifications}
              onChange={(on) => {
                setPushNotifications(on);
                // Turned on here: the browser is asked now, while the member's tap lets it ask.
                if (on) void askForSystemNotifications().then(setBrowserPermission);
              }}
            />
          </div>
        </fieldset>
        <button
          type="submit"
          disabled={save.isPending || !anyChanged}
          className={`${buttonStyles.primary} w-full`}
        >
          {save.isPending ? "Saving..." : "Save changes"}
        </button>
      </form>
    </EditPanel>
  );
}
