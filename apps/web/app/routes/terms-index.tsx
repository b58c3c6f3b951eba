import { Link } from "react-router";
import type { Route } from "./+types/terms-index";
import { Icon } from "../components/icons";
import { MarkdownArticle } from "../components/markdown-article";
import { getInfoPage, listTermsEntries } from "../features/content/content.server";

export async function loader() {
  const intro = getInfoPage("terms-conditions");
  return { html: intro?.html ?? "", entries: listTermsEntries() };
}

export function meta() {
  return [{ title: "Terms & conditions · Croupier" }, { name: "description", content: "The rules that apply to your account, payments, bonuses and play." }];
}

export default function TermsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <MarkdownArticle html={loaderData.html} />
      <ul className="mt-8 grid gap-3 md:grid-cols-2">
        {loaderData.entries.map((entry) => (
          <li key={entry.slug}>
            <Link to={`/terms-conditions/${entry.slug}`} className="card group flex h-full items-start gap-3 p-5 transition-colors hover:border-ink-500">
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-white">{entry.title}</span>
                <span className="mt-1 block text-sm text-mist-400">{entry.description}</span>
              </span>
              <Icon name="chevron" className="mt-1 shrink-0 text-mist-400 group-hover:text-gold-400" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
