import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { MarkdownArticle } from "../../components/markdown-article";
import type { ContentSummary } from "./content.server";

/** An index page of markdown entries (FAQ, terms): the intro article, then a card linking to each entry under `basePath`. */
export function ContentIndex({ html, entries, basePath }: { html: string; entries: ContentSummary[]; basePath: string }) {
  return (
    <div className="mx-auto max-w-4xl">
      <MarkdownArticle html={html} />
      <ul className="mt-8 grid gap-3 md:grid-cols-2">
        {entries.map((entry) => (
          <li key={entry.slug}>
            <Link to={`${basePath}/${entry.slug}`} className="card group flex h-full items-start gap-3 p-5 transition-colors hover:border-ink-500">
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
