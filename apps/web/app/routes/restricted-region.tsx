import { RestrictedNotice } from "../features/site-notices/restricted-notice";

export function meta() {
  return [{ title: "Not available in your region — Croupier" }, { name: "robots", content: "noindex" }];
}

export default function RestrictedRegion() {
  return <RestrictedNotice />;
}
