// /dbadmin/join/{token}: the page an invitation to the team opens: the person chooses their
// password, then signs in with the invitation's address.
import { adminApi } from "../frame/api";
import { PasswordLinkPage } from "./PasswordLinkPage";

const check = (token: string) =>
  adminApi
    .checkInvitation(token)
    .then(({ name, email, role }) => `${name}, you are invited to the team ${role === "owner" ? "as an owner" : "as staff"}. You will sign in as ${email}.`);
const save = (token: string, password: string) => adminApi.join(token, password);

export function JoinPage() {
  return (
    <PasswordLinkPage
      title="Join the team"
      check={check}
      save={save}
      saveLabel="Choose the password"
      done="Welcome to the team. Sign in with your address and the password you chose."
    />
  );
}
