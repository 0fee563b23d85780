import type { User } from "@flik/shared";
import { lazy, Suspense, useState } from "react";
import { BanIcon, LinkIcon, TrashIcon } from "../../../components/icons";
import {
  DownloadIcon,
  GlobeIcon,
  KeyIcon,
  LockIcon,
  LogOutIcon,
  MailIcon,
  MonitorIcon,
  PhoneIcon,
  UserPenIcon,
} from "../../../components/later-icons";
import { LoadingState } from "../../../components/status-message";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useModalHistory } from "../../../lib/use-modal-history";
import { useCurrentUserQuery } from "../../auth/api/user.queries";
import { LogOutDialog } from "../../auth/components/log-out-dialog";
import { LogOutOthersDialog } from "../components/log-out-others-dialog";
import { SecurityOverview } from "../components/security-overview";
import { cardClass, SettingsRow, SettingsSection, VerifiedBadge } from "../components/settings-section";
import { SupportForm } from "../components/support-form";
import { useDownloadData } from "../hooks/use-download-data";
import { useLinkedSignInsOffered } from "../hooks/use-identities";
import { usePhoneFormat } from "../hooks/use-phone-format";
import { useReturnedPanel } from "../hooks/use-returned-panel";
import { useLogoutOthers } from "../hooks/use-sessions";
import { BlockedPanel } from "../panels/blocked-panel";
import { DeleteAccountPanel } from "../panels/delete-account-panel";
import { EmailPanel } from "../panels/email-panel";
import { LinkedSignInsPanel } from "../panels/linked-sign-ins-panel";
import { PasswordPanel } from "../panels/password-panel";
import { PrivacyPanel } from "../panels/privacy-panel";
import { ProfilePanel } from "../panels/profile-panel";
import { SessionsPanel } from "../panels/sessions-panel";

// Its rule reads libphonenumber-js's metadata (about 30 KB compressed): loaded when the panel opens.
const PhonePanel = lazy(() =>
  import("../panels/phone-panel").then(({ PhonePanel }) => ({ default: PhonePanel })),
);

/** Spec §2's edit panels. */
type Panel =
  | "email"
  | "phone"
  | "profile"
  | "password"
  | "privacy"
  | "blocked"
  | "sessions"
  | "linked"
  | "delete";

/**
 * /settings (spec §2): Account Information, Security, Privacy, Sessions, Support and Leaving Flik
 * (Delete account), and a side panel with the security score, quick actions and tips. Each change opens
 * its own edit panel.
 */
export function SettingsScreen() {
  useDocumentTitle("Settings");
  const user = useCurrentUserQuery(true).data;
  return (
    <div className="mx-auto w-full">
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900">Settings</h1>
        <p className="mt-1 text-sm text-zinc-600">Manage your account, security and privacy.</p>
      </header>
      {user ? <SettingsContent user={user} /> : <LoadingState>Loading settings...</LoadingState>}
    </div>
  );
}

function SettingsContent({ user }: { user: User }) {
  const panels = useModalHistory<Panel>("panel");
  const openPanel = panels.open;
  const returned = useReturnedPanel(openPanel);
  const panel = panels.shown ?? returned.panel;
  const close = () => {
    returned.dismiss();
    panels.close();
  };
  const [confirm, setConfirm] = useState<"logout" | "others" | null>(null);
  const download = useDownloadData();
  const logoutOthers = useLogoutOthers();
  const linkedOffered = useLinkedSignInsOffered();
  const blockedCount = user.blockedUsers.length;
  const formatPhone = usePhoneFormat(user.phone);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-x-6 gap-y-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="space-y-8">
        <SettingsSection title="Account information">
          <SettingsRow
            icon={MailIcon}
            title="Email"
            detail={user.email}
            status={<VerifiedBadge verified={user.emailVerified} />}
            onClick={() => openPanel("email")}
          />
          <SettingsRow
            icon={PhoneIcon}
            title="Phone"
            detail={user.phone ? formatPhone(user.phone) : "Add a phone number"}
            status={user.phone ? <VerifiedBadge verified={user.phoneVerified} /> : undefined}
            onClick={() => openPanel("phone")}
          />
          <SettingsRow
            icon={UserPenIcon}
            title="Profile info"
            detail={`${user.fullName} · @${user.username}`}
            onClick={() => openPanel("profile")}
          />
        </SettingsSection>

        <SettingsSection title="Security">
          <SettingsRow
            icon={KeyIcon}
            title="Change password"
            detail="Choose a new password"
            onClick={() => openPanel("password")}
          />
          {linkedOffered && (
            <SettingsRow
              icon={LinkIcon}
              title="Linked sign-ins"
              detail="Sign in with another service"
              onClick={() => openPanel("linked")}
            />
          )}
        </SettingsSection>

        <SettingsSection title="Privacy">
          <SettingsRow
            icon={user.isPrivate ? LockIcon : GlobeIcon}
            title="Profile visibility"
            detail={user.isPrivate ? "Private" : "Public"}
            onClick={() => openPanel("privacy")}
          />
          <SettingsRow
            icon={DownloadIcon}
            title={download.isPending ? "Preparing your data..." : "Download your data"}
            detail="Your posts, messages and more"
            opensPanel={false}
            busy={download.isPending}
            onClick={() => download.mutate()}
          />
          <SettingsRow
            icon={BanIcon}
            title="Blocked accounts"
            detail={blockedCount === 0 ? "No one" : `${blockedCount} blocked`}
            onClick={() => openPanel("blocked")}
          />
        </SettingsSection>

        <SettingsSection title="Sessions">
          <SettingsRow
            icon={MonitorIcon}
            title="Active sessions"
            detail="See where you're logged in"
            onClick={() => openPanel("sessions")}
          />
          <SettingsRow
            icon={LogOutIcon}
            title="Log out of other devices"
            detail="Stay logged in only here"
            opensPanel={false}
            busy={logoutOthers.isPending}
            onClick={() => setConfirm("others")}
          />
        </SettingsSection>

        <SettingsSection
          title="Support"
          description="Something not working, or a question about your account? Send us a message."
        >
          <SupportForm email={user.email} />
        </SettingsSection>

        <SettingsSection title="Leaving Flik">
          <SettingsRow
            icon={TrashIcon}
            title="Delete account"
            detail="This can't be undone"
            tone="danger"
            onClick={() => openPanel("delete")}
          />
        </SettingsSection>
      </div>

      <aside
        aria-label="Account security"
        className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:pt-6"
      >
        <SecurityOverview
          actions={[
            { icon: KeyIcon, label: "Change password", onClick: () => openPanel("password") },
            { icon: MonitorIcon, label: "Review active sessions", onClick: () => openPanel("sessions") },
            { icon: MailIcon, label: "Update email", onClick: () => openPanel("email") },
            {
              icon: DownloadIcon,
              label: "Download your data",
              onClick: () => download.mutate(),
              opensPanel: false,
              busy: download.isPending,
            },
          ]}
        />
      </aside>

      <div className={cardClass}>
        <button
          type="button"
          onClick={() => setConfirm("logout")}
          aria-haspopup="dialog"
          className="flex w-full items-center gap-3 px-5 py-4 text-left text-sm font-semibold text-red-600 transition hover:bg-red-50 focus-visible:bg-red-50 focus-visible:-outline-offset-2"
        >
          <LogOutIcon className="size-5" />
          Log out
        </button>
      </div>

      {panel === "email" && <EmailPanel user={user} onClose={close} />}
      {panel === "phone" && (
        <Suspense fallback={null}>
          <PhonePanel user={user} onClose={close} />
        </Suspense>
      )}
      {panel === "profile" && <ProfilePanel user={user} onClose={close} />}
      {panel === "password" && <PasswordPanel user={user} onClose={close} />}
      {panel === "privacy" && <PrivacyPanel user={user} onClose={close} />}
      {panel === "blocked" && <BlockedPanel user={user} onClose={close} />}
      {panel === "sessions" && <SessionsPanel onClose={close} />}
      {panel === "linked" && <LinkedSignInsPanel user={user} onClose={close} />}
      {panel === "delete" && (
        <DeleteAccountPanel
          user={user}
          onClose={close}
          onDownload={() => download.mutate()}
          downloading={download.isPending}
        />
      )}

      {confirm === "logout" && <LogOutDialog onClose={() => setConfirm(null)} />}
      {confirm === "others" && (
        <LogOutOthersDialog logoutOthers={logoutOthers} onClose={() => setConfirm(null)} />
      )}
    </div>
  );
}
