// /dbadmin/reset/{token}: the page an e-mailed reset link opens.
import { adminApi } from "../frame/api";
import { PasswordLinkPage } from "./PasswordLinkPage";

const check = (token: string) => adminApi.checkPasswordReset(token).then(({ email }) => `For ${email}.`);
const save = (token: string, password: string) => adminApi.resetPassword(token, password);

export function ResetPasswordPage() {
  return (
    <PasswordLinkPage
      title="Set a new password"
      check={check}
      save={save}
      saveLabel="Set the password"
      done="Your password is set, and every device was signed out. Sign in with the new password."
    />
  );
}
