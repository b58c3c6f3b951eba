import { data, Link } from "react-router";
import type { Route } from "./+types/faq-entry";
import { Icon } from "../components/icons";
import { MarkdownArticle } from "../components/markdown-article";
import { getFaqEntry } from "../features/content/content.server";

export async function loader({ params }: Route.LoaderArgs) {
  const entry = getFaqEntry(params.faq_name);
  if (!entry) throw data(null, { status: 404 });
  return { title: entry.title, description: entry.description, html: entry.html };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page Not Found · Croupier" }];
  return [{ title: `${loaderData.title} · FAQ · Croupier` }, { name: "description", content: loaderData.description }];
}

export default function FaqEntry({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/faq" className="mb-6 inline-flex items-center gap-1 text-sm text-mist-400 hover:text-white">
        <Icon name="back" width={16} height={16} /> All questions
      </Link>
      <MarkdownArticle html={loaderData.html} />
    </div>
  );
}
