import { data, Link } from "react-router";
import type { Route } from "./+types/terms-entry";
import { Icon } from "../components/icons";
import { MarkdownArticle } from "../components/markdown-article";
import { getTermsEntry } from "../features/content/content.server";

export async function loader({ params }: Route.LoaderArgs) {
  const entry = getTermsEntry(params.terms_name);
  if (!entry) throw data(null, { status: 404 });
  return { title: entry.title, description: entry.description, html: entry.html };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page Not Found · Croupier" }];
  return [{ title: `${loaderData.title} · Terms · Croupier` }, { name: "description", content: loaderData.description }];
}

export default function TermsEntry({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/terms-conditions" className="mb-6 inline-flex items-center gap-1 text-sm text-mist-400 hover:text-white">
        <Icon name="back" width={16} height={16} /> All terms
      </Link>
      <MarkdownArticle html={loaderData.html} />
    </div>
  );
}
