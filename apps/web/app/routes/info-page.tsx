import { data } from "react-router";
import type { Route } from "./+types/info-page";
import { MarkdownArticle } from "../components/markdown-article";
import { getInfoPage } from "../features/content/content.server";

export async function loader({ url }: Route.LoaderArgs) {
  const page = getInfoPage(url.pathname.slice(1));
  if (!page) throw data(null, { status: 404 });
  return { title: page.title, description: page.description, html: page.html };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page Not Found · Croupier" }];
  return [{ title: `${loaderData.title} · Croupier` }, { name: "description", content: loaderData.description }];
}

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <MarkdownArticle html={loaderData.html} />
    </div>
  );
}
