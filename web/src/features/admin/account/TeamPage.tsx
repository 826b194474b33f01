// Team: who works the front desk with the owner. An owner invites a person by name and e-mail
// address, as staff (Today, the requests, the schedule, notes, calls and texts) or as an owner
// (everything); the person chooses a password with the link. Removing a member ends their
// sessions and devices at once. An owner may require two-step sign-in of everyone.
import { Copy, Trash2, UserPlus } from "lucide-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { AdminShell } from "../frame/AdminShell";
import { AdminApiError, adminApi, type Role } from "../frame/api";
import { useShopClock } from "../frame/format";
import { failureMessage, Input, PLAIN_BUTTON, PRIMARY_BUTTON, Section } from "../frame/form";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";

const ROLES: { role: Role; label: string; says: string }[] = [
  { role: "staff", label: "Staff", says: "Today, the requests, the schedule, notes, calls and texts, and their own account." },
  { role: "owner", label: "Owner", says: "Everything, the site, posts, insights, notifications and the team included." },
];

const roleLabel = (role: Role) => ROLES.find((entry) => entry.role === role)?.label ?? role;

/** What the page says after an invitation: sent, or the link to pass on. */
interface Invited {
  name: string;
  email: string;
  link: string;
  emailed: boolean;
}

/** The owner's switch: two-step sign-in for everyone. */
function TwoStepRule({ required, onChange }: { required: boolean; onChange: (required: boolean) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Section title="Two-step sign-in for everyone">
      <p className="mt-1 text-sm text-slate-700">
        {required ? "Required: everyone signs in with a password and a code from an authenticator app." : "Not required: each person chooses under Account."}{" "}
        Turned on, whoever has no app yet is signed out and sets one up at their next sign-in. Turn it on for your own account first.
      </p>
      <button
        type="button"
        disabled={busy}
        className={`mt-3 ${required ? PLAIN_BUTTON : PRIMARY_BUTTON}`}
        onClick={() => {
          setBusy(true);
          void onChange(!required).finally(() => setBusy(false));
        }}
      >
        {required ? "Stop requiring two-step sign-in" : "Require two-step sign-in for everyone"}
      </button>
    </Section>
  );
}

export function TeamPage() {
  const { dateTime } = useShopClock();
  const [problem, setProblem] = useState<string | null>(null);
  const [invited, setInvited] = useState<Invited | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.team, queryFn: adminApi.team });
  const load = () => client.invalidateQueries({ queryKey: keys.team });

  async function act(change: () => Promise<unknown>) {
    setProblem(null);
    try {
      await change();
      await load();
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
  }

  return (
    <AdminShell title="Team">
      <h1 className="text-2xl font-bold text-slate-900">Team</h1>
      <p className="mt-1 text-slate-700">Who works the requests with you. Each person signs in with their own address and password.</p>
      {problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <Loaded query={query} what="The team" loading="Loading the team">
        {(team) => (
          <>
            <Section title="Members">
              <ul className="mt-3 divide-y divide-slate-200">
                {team.members.map((member) => (
                  <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">
                        {member.name || member.email} {member.id === team.you && <span className="font-normal text-slate-600">(you)</span>}
                      </p>
                      <p className="break-all text-slate-700">
                        {member.email} · {roleLabel(member.role)} · two-step sign-in {member.twoFactor ? "on" : "off"}
                      </p>
                    </div>
                    {member.id !== team.you &&
                      (removing === member.id ? (
                        <span className="flex flex-wrap items-center gap-2">
                          <span>Remove {member.name || member.email}? They are signed out at once.</span>
                          <button
                            type="button"
                            className="min-h-11 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
                            onClick={() => void act(() => adminApi.removeMember(member.id)).then(() => setRemoving(null))}
                          >
                            Remove
                          </button>
                          <button type="button" className={PLAIN_BUTTON} onClick={() => setRemoving(null)}>
                            Keep
                          </button>
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="inline-flex min-h-11 items-center gap-1 font-semibold text-red-700"
                          onClick={() => setRemoving(member.id)}
                        >
                          <Trash2 aria-hidden="true" className="h-4 w-4" />
                          Remove<span className="sr-only"> {member.name || member.email}</span>
                        </button>
                      ))}
                  </li>
                ))}
              </ul>
            </Section>
            <TwoStepRule required={team.twoStepRequired} onChange={(required) => act(() => adminApi.requireTwoStep(required))} />
            <Section title="Invite a person">
              <InviteForm
                onInvited={(done) => {
                  setInvited(done);
                  void load();
                }}
              />
              {invited && <InvitedNotice invited={invited} />}
            </Section>
            {team.invitations.length > 0 && (
              <Section title="Invitations not yet accepted">
                <ul className="mt-3 divide-y divide-slate-200">
                  {team.invitations.map((invitation) => (
                    <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                      <p className="min-w-0 break-all text-slate-800">
                        <strong>{invitation.name}</strong>, {invitation.email}, as {roleLabel(invitation.role).toLowerCase()}. The link works until{" "}
                        {dateTime(invitation.expiresAt)}.
                      </p>
                      <button type="button" className={PLAIN_BUTTON} onClick={() => void act(() => adminApi.withdrawInvitation(invitation.id))}>
                        Withdraw<span className="sr-only"> the invitation of {invitation.name}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </Section>
            )}
          </>
        )}
      </Loaded>
    </AdminShell>
  );
}

function InviteForm({ onInvited }: { onInvited: (invited: Invited) => void }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("staff");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const answer = await adminApi.invite(name, email, role);
      setErrors({});
      onInvited({ name: name.trim(), email: email.trim(), link: answer.link, emailed: answer.emailed });
      setName("");
      setEmail("");
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, list]) => [field, list[0] ?? ""])));
      } else {
        setFailure(failureMessage(error));
      }
    }
    setBusy(false);
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input id="invite-name" label="Name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} />
        <Input
          id="invite-email"
          label="E-mail address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Role</legend>
        <div className="mt-2 space-y-2">
          {ROLES.map((entry) => (
            <label key={entry.role} className="flex min-h-11 items-start gap-3 rounded-lg p-2 text-sm ring-1 ring-slate-200">
              <input
                type="radio"
                name="invite-role"
                value={entry.role}
                checked={role === entry.role}
                onChange={() => setRole(entry.role)}
                className="mt-1 h-4 w-4"
              />
              <span>
                <strong>{entry.label}</strong>: {entry.says}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${PRIMARY_BUTTON} inline-flex items-center gap-2`}>
        <UserPlus aria-hidden="true" className="h-4 w-4" />
        {busy ? "Inviting..." : "Send the invitation"}
      </button>
    </form>
  );
}

function InvitedNotice({ invited }: { invited: Invited }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-sm text-green-900">
      <p>
        {invited.emailed
          ? `The invitation is on its way to ${invited.email}. The link works once, for 7 days. You can also pass it on yourself:`
          : `E-mail is not set up, so send ${invited.name} this link yourself (by text, for instance). It works once, for 7 days:`}
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-white px-2 py-1 text-slate-800">{invited.link}</code>
        <button
          type="button"
          className={`${PLAIN_BUTTON} inline-flex items-center gap-2`}
          onClick={() => void navigator.clipboard.writeText(invited.link).then(() => setCopied(true))}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          {copied ? "Copied" : "Copy the link"}
        </button>
      </p>
    </div>
  );
}
