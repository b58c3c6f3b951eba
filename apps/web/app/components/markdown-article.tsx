/** Markdown rendered on the server from our own content files (trusted input). */
export function MarkdownArticle({ html }: { html: string }) {
  return <article className="prose-casino" dangerouslySetInnerHTML={{ __html: html }} />;
}
