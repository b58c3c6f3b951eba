import { replace } from "react-router";

// /account/user-info opens the general tab.
export async function loader() {
  throw replace("/account/user-info/general");
}
export async function clientLoader() {
  throw replace("/account/user-info/general");
}

export default function UserInfoIndex() {
  return null;
}
