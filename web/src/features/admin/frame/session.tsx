// Who is signed in. The server decides (the session cookie); the browser keeps a copy of the
// user under auth_user for display only, as the original app did. It grants nothing.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { adminApi, setCsrfToken, whenUnauthorized, type AdminUser, type Session } from "./api";
import { forgetOfflineCopies } from "./device";

const STORED_USER = "auth_user";

interface SessionState {
  /** undefined while the server is asked; null when nobody is signed in. */
  user: AdminUser | null | undefined;
  signedIn: (session: SignedIn) => void;
  /** Ends the session on the server, then here (the page then shows the sign-in page, saying
   * so); fails (and keeps it here) when the server could not be told. */
  signOut: () => Promise<void>;
  /** The session ended with Logout on this page (not by a timeout or another tab). */
  signedOut: boolean;
}

const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error("useSession outside SessionProvider");
  return state;
}

/** What a sign-in leaves here: who, and the CSRF token for writes. */
type SignedIn = Pick<Session, "user" | "csrfToken">;

function remember(session: SignedIn | null): void {
  setCsrfToken(session?.csrfToken ?? "");
  if (session) localStorage.setItem(STORED_USER, JSON.stringify(session.user));
  else localStorage.removeItem(STORED_USER);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AdminUser | null | undefined>(undefined);
  const [signedOut, setSignedOut] = useState(false);

  const signedIn = useCallback((session: SignedIn) => {
    remember(session);
    setSignedOut(false);
    setUser(session.user);
  }, []);

  const queries = useQueryClient();
  /** Nobody is signed in (the server says so): what was loaded and the copies kept for offline
   * reading go too. */
  const forget = useCallback(() => {
    remember(null);
    setUser(null);
    queries.clear();
    void forgetOfflineCopies();
  }, [queries]);

  const signOut = useCallback(async () => {
    await adminApi.logout();
    setSignedOut(true);
    forget();
  }, [forget]);

  useEffect(() => {
    whenUnauthorized(forget);
    let cancelled = false;
    adminApi.session().then(
      ({ user, csrfToken }) => {
        if (cancelled) return;
        if (user && csrfToken) signedIn({ user, csrfToken });
        else forget();
      },
      (error: unknown) => {
        console.error("Session check failed", error);
        // Not an answer from the server: the kept copies stay (the page shows sign-in).
        if (!cancelled) {
          remember(null);
          setUser(null);
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [forget, signedIn]);

  const state = useMemo(() => ({ user, signedIn, signOut, signedOut }), [user, signedIn, signOut, signedOut]);
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

/** Where the sign-in page goes next: the page that asked for a sign-in (its path and query),
 * else Today; or that Logout just ended the session (it says so). */
export interface SignInState {
  from?: string;
  signedOut?: boolean;
}

/** Shows `children` to a signed-in member of the team; sends anyone else to the sign-in page,
 * which brings them back here afterwards (after Logout it says they are signed out instead). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, signedOut } = useSession();
  const { pathname, search } = useLocation();
  if (user === undefined) return <Spinner label="Checking your session" />;
  if (!user) {
    const state: SignInState = signedOut ? { signedOut } : { from: pathname + search };
    return <Navigate to="/dbadmin" replace state={state} />;
  }
  return children;
}
