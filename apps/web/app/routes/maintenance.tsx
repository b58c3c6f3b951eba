import { useSearchParams } from "react-router";
import { parseUntil, safeReturnPath } from "../features/site-notices/countdown";
import { MaintenanceNotice } from "../features/site-notices/maintenance-notice";

export function meta() {
  return [{ title: "Maintenance — Croupier" }, { name: "robots", content: "noindex" }];
}

export default function Maintenance() {
  const [search] = useSearchParams();
  return (
    <MaintenanceNotice until_ms={parseUntil(search.get("until"))} returnPath={safeReturnPath(search.get("from"))} />
  );
}
