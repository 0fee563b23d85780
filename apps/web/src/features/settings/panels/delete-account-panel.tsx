import {
  DELETE_ACCOUNT_PASSWORD_MISSING,
  DELETE_ACCOUNT_USERNAME_MISSING,
  type DeleteAccountBody,
  deleteAccountBody,
  type User,
} from "@flik/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { TextField } from "../../../components/text-field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { emitLogout, revokeOwnSession } from "../../../lib/auth-events";
import { getToken } from "../../../lib/storage";
import { useFormToasts } from "../../../lib/toast";
import { PasswordField } from "../../auth/components/password-field";
import { deleteAccount } from "../api/settings.api";
import { EditPanel, PanelFailure, PanelIntro } from "../components/edit-panel";
import { useIdentitiesQuery } from "../hooks/use-identities";

export const DELETE_ACCOUNT_TEXTS = {
  title: "Delete account",
  intro:
    "Your profile, posts, flicks, stories, highlights, comments, likes and messages will be deleted for good, with your one-to-one chats. This can't be undone.",
  copyFirst: "Want a copy first? Download your data before you go.",
  preparing: "Preparing your data...",
  usernameHint: (username: string) =>
    `Your account has no password. Type your username, ${username}, to confirm.`,
  submit: "Delete account",
  busy: "Deleting account...",
  failed: "Couldn't delete your account. Please try again.",
} as const;

type Field = "password" | "username";

/** Which field a refusal of the server is about. */
function fieldOf(error: unknown): Field | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.fieldErrors.password) return "password";
  if (error.fieldErrors.username) return "username";
  return undefined;
}

/**
 * Deleting the account (Settings › Leaving Flik › Delete account): the password asked again, or, for an account made
 * through a sign-in provider that has none, the username typed. Once deleted the member is signed out
 * here, the sign-in screen saying so; every other device is signed out by the server.
 */
export function DeleteAccountPanel({
  user,
  onClose,
  onDownload,
  downloading,
}: {
  user: User;
  onClose: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const identities = useIdentitiesQuery();
  const [refusedAsk, setRefusedAsk] = useState<Field>();
  // Most members have a password: it is asked until the member is known to have none.
  const asked: Field = refusedAsk ?? (identities.data?.hasPassword === false ? "username" : "password");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const fieldRef = useRef<HTMLInputElement>(null);
  const explanationId = useId();
  const failures = useFormToasts({ failuresGoWithForm: true });

  // The field asked for may change under the member (the account turned out to have no password, or a
  // refusal said which one it needs): the new one takes the focus the old one had.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the field asked for changes
  useLayoutEffect(() => {
    fieldRef.current?.focus();
  }, [asked]);

  const remove = useMutation({
    mutationFn: (body: DeleteAccountBody) => revokeOwnSession(() => deleteAccount(body), "account-deleted"),
    // The server tells this tab's socket first (sessionRevoked), which signs it out: once it has, the
    // answer has nothing left to do (a second logout would say "deleted" twice).
    onSuccess: () => {
      failures.clear();
      if (getToken() !== null) emitLogout("account-deleted");
    },
    onError: (error) => {
      if (getToken() === null) return;
      const text = errorMessage(error, DELETE_ACCOUNT_TEXTS.failed);
      const field = fieldOf(error);
      if (field && field !== asked) {
        // The account is not as this page knew it (a password set or dropped elsewhere): ask the other.
        failures.clear();
        setRefusedAsk(field);
        setValue("");
        setProblem(undefined);
        return;
      }
      failures.error(text);
      if (field) {
        setProblem(text);
        fieldRef.current?.focus();
      } else setFailure(text);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.isPending) return;
    setFailure(undefined);
    const body = { [asked]: value };
    const parsed = deleteAccountBody.safeParse(body);
    const found = parsed.error?.issues[0]?.message ?? (value.trim() === "" ? emptyText(asked) : undefined);
    if (found) {
      failures.clear();
      setProblem(found);
      fieldRef.current?.focus();
      return;
    }
    setProblem(undefined);
    remove.mutate(body);
  }

  const edited = (next: string) => {
    setValue(next);
    setProblem(undefined);
    setFailure(undefined);
  };

  return (
    <EditPanel
      title={DELETE_ACCOUNT_TEXTS.title}
      onClose={onClose}
      initialFocus={fieldRef}
      dismissible={!remove.isPending}
      describedBy={
        asked === "username" ? `${explanationId}-intro ${explanationId}-asked` : `${explanationId}-intro`
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <div id={`${explanationId}-intro`}>
          <PanelIntro>{DELETE_ACCOUNT_TEXTS.intro}</PanelIntro>
        </div>
        <p className="text-sm text-zinc-600">
          <button
            type="button"
            // Not `disabled`: the focus stays on it while the file is prepared.
            onClick={() => !downloading && onDownload()}
            aria-disabled={downloading || undefined}
            className="text-left font-semibold text-zinc-900 underline underline-offset-2 hover:text-zinc-700 aria-disabled:cursor-wait aria-disabled:text-zinc-600"
          >
            {downloading ? DELETE_ACCOUNT_TEXTS.preparing : DELETE_ACCOUNT_TEXTS.copyFirst}
          </button>
        </p>
        {asked === "username" && (
          <p id={`${explanationId}-asked`} className="text-sm text-zinc-700">
            {DELETE_ACCOUNT_TEXTS.usernameHint(user.username)}
          </p>
        )}
        {asked === "password" ? (
          <PasswordField
            ref={fieldRef}
            label="Your password"
            name="password"
            autoComplete="current-password"
            value={value}
            error={problem}
            onChange={(event) => edited(event.target.value)}
          />
        ) : (
          <TextField
            ref={fieldRef}
            label="Username"
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            error={problem}
            onChange={(event) => edited(event.target.value)}
          />
        )}
        <button type="submit" disabled={remove.isPending} className={`${buttonStyles.danger} w-full`}>
          {remove.isPending ? DELETE_ACCOUNT_TEXTS.busy : DELETE_ACCOUNT_TEXTS.submit}
        </button>
        {failure && <PanelFailure>{failure}</PanelFailure>}
      </form>
    </EditPanel>
  );
}

const emptyText = (field: Field) =>
  field === "password" ? DELETE_ACCOUNT_PASSWORD_MISSING : DELETE_ACCOUNT_USERNAME_MISSING;
