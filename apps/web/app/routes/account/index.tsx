import { replace } from "react-router";

// /account opens the dashboard.
export async function loader() {
  throw replace("/account/dashboard");
}
export async function clientLoader() {
  throw replace("/account/dashboard");
}

export default function AccountIndex() {
  return null;
}
