import { marked } from "marked";
import { splitFrontMatter } from "./front-matter";

export type ContentPage = { slug: string; title: string; description: string; order: number; html: string };
export type ContentSummary = Omit<ContentPage, "html">;

// Bundled into the server build at build time: no file system access per request, no marked in the browser.
const sources = import.meta.glob<string>("../../../content/**/*.md", { query: "?raw", import: "default", eager: true });

function load(folder: "" | "faq/" | "terms/") {
  const pages = new Map<string, ContentPage>();
  const prefix = `../../../content/${folder}`;
  for (const [file, source] of Object.entries(sources)) {
    if (!file.startsWith(prefix)) continue;
    const rest = file.slice(prefix.length);
    if (rest.includes("/")) continue;
    const slug = rest.replace(/\.md$/, "");
    const { meta, body } = splitFrontMatter(source);
    pages.set(slug, {
      slug,
      title: meta.title ?? slug,
      description: meta.description ?? "",
      order: Number(meta.order ?? 0),
      html: marked.parse(body, { async: false, gfm: true }),
    });
  }
  return pages;
}

const infoPages = load("");
const faqEntries = load("faq/");
const termsEntries = load("terms/");

const summaries = (pages: Map<string, ContentPage>): ContentSummary[] =>
  [...pages.values()].sort((a, b) => a.order - b.order).map(({ html: _html, ...summary }) => summary);

export function getInfoPage(slug: string) {
  return infoPages.get(slug) ?? null;
}
export function getFaqEntry(name: string) {
  return faqEntries.get(name) ?? null;
}
export function listFaqEntries() {
  return summaries(faqEntries);
}
export function getTermsEntry(name: string) {
  return termsEntries.get(name) ?? null;
}
export function listTermsEntries() {
  return summaries(termsEntries);
}
