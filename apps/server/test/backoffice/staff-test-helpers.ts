import { Secret, TOTP } from "otpauth";
import type { StaffRole } from "@croupier/contract/staff-permissions";
import type { TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";

// Real sign-ins for the staff tests: staff created through POST /staff, TOTP codes computed here
// exactly as an authenticator app would (RFC 6238, SHA-1, 6 digits, 30 s).

export const API = "/api/backoffice/v1";
export const PASSWORD = "staff-test-password-42";

let ipCounter = 0;
/** A fresh client address (TEST-NET-3), so one test's failures never count against another's limits. */
export const freshIp = () => {
  ipCounter += 1;
  return `203.0.113.${(ipCounter % 250) + 1}`;
};

export const codeAt = (secret: string, offset_s = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset_s * 1000 });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function post(
  ctx: TestContext,
  url: string,
  payload: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method: "POST",
    url: `${API}${url}`,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? "198.51.100.1",
    headers: options.headers,
  });
}

const admins = new WeakMap<TestContext, Promise<TestStaff>>();
/** The admin (a session straight in the tables) that creates the staff members the tests sign in as. */
export function testAdmin(ctx: TestContext): Promise<TestStaff> {
  let admin = admins.get(ctx);
  if (!admin) {
    admin = createTestStaff(ctx, "admin");
    admins.set(ctx, admin);
  }
  return admin;
}

let staffCounter = 0;
export type NewStaff = { id: string; email: string; password: string };

export async function newStaff(ctx: TestContext, role: StaffRole = "support"): Promise<NewStaff> {
  staffCounter += 1;
  const email = `signin-${role}-${staffCounter}-${Date.now()}@staff.test`;
  const res = await post(
    ctx,
    "/staff",
    { email, display_name: `Sign-in ${role} ${staffCounter}`, role, password: PASSWORD },
    { headers: (await testAdmin(ctx)).headers },
  );
  if (res.statusCode !== 200) throw new Error(`POST /staff ${res.statusCode}: ${res.body}`);
  return { id: res.json().payload.id, email, password: PASSWORD };
}

export type EnrolledStaff = NewStaff & { secret: string; token: string; recovery_codes: string[] };

/** A staff member who signed in once: password, enrolment with the code of the current step. */
export async function enrolledStaff(ctx: TestContext, role: StaffRole = "support"): Promise<EnrolledStaff> {
  const staff = await newStaff(ctx, role);
  const ip = freshIp();
  const login = await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip });
  if (login.statusCode !== 200) throw new Error(`login ${login.statusCode}: ${login.body}`);
  const { challenge_token, secret } = login.json().payload;
  const enrol = await post(ctx, "/auth/enrol", { challenge_token, code: codeAt(secret) }, { ip });
  if (enrol.statusCode !== 200) throw new Error(`enrol ${enrol.statusCode}: ${enrol.body}`);
  const { token, recovery_codes } = enrol.json().payload;
  return { ...staff, secret, token, recovery_codes };
}
