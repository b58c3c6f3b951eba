import type { Route } from "./+types/terms-index";
import { ContentIndex } from "../features/content/content-index";
import { getInfoPage, listTermsEntries } from "../features/content/content.server";

export async function loader() {
  const intro = getInfoPage("terms-conditions");
  return { html: intro?.html ?? "", entries: listTermsEntries() };
}

export function meta() {
  return [{ title: "Terms & conditions · Croupier" }, { name: "description", content: "The rules that apply to your account, payments, bonuses and play." }];
}

export default function TermsIndex({ loaderData }: Route.ComponentProps) {
  return <ContentIndex html={loaderData.html} entries={loaderData.entries} basePath="/terms-conditions" />;
}
