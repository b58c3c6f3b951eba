import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { SignInFlow, type SignedIn } from "../features/staff-auth/sign-in-flow";
import { ME_QUERY_KEY } from "../lib/me";
import { startStaffSession, sessionNotice } from "../lib/staff-session";
import { useStaffToken } from "../lib/use-staff-token";

/** Where to go after signing in: the page that sent the staff member here, if it is one of ours. */
function destination(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") && !from.startsWith("/sign-in") ? from : "/";
}

export default function SignInPage() {
  const token = useStaffToken();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice] = useState(sessionNotice);
  const [signingIn, setSigningIn] = useState(false);

  if (token && !signingIn) return <Navigate to={destination(location.state)} replace />;

  const onSignedIn = ({ token: staffToken, staff }: SignedIn) => {
    setSigningIn(true);
    queryClient.clear();
    queryClient.setQueryData(ME_QUERY_KEY, staff);
    startStaffSession(staffToken);
    navigate(destination(location.state), { replace: true });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <title>Sign in · Croupier back office</title>
      <SignInFlow notice={notice} onSignedIn={onSignedIn} />
    </main>
  );
}
