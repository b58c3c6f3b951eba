import type { Route } from "./+types/faq-index";
import { ContentIndex } from "../features/content/content-index";
import { getInfoPage, listFaqEntries } from "../features/content/content.server";

export async function loader() {
  const intro = getInfoPage("faq");
  return { html: intro?.html ?? "", entries: listFaqEntries() };
}

export function meta() {
  return [{ title: "FAQ · Croupier" }, { name: "description", content: "Answers to common questions about accounts, payments, bonuses and safer play." }];
}

export default function FaqIndex({ loaderData }: Route.ComponentProps) {
  return <ContentIndex html={loaderData.html} entries={loaderData.entries} basePath="/faq" />;
}
