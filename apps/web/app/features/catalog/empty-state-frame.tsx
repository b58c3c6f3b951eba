/** The lobby before the catalogue has games: a grid-shaped frame and a plain sentence. */
export function EmptyStateFrame() {
  return (
    <div className="relative overflow-hidden rounded-2xl border border-ink-700 bg-ink-850" role="status">
      <ul className="grid grid-cols-3 gap-3 p-4 opacity-40 sm:grid-cols-4 lg:grid-cols-6" aria-hidden="true">
        {Array.from({ length: 12 }, (_, i) => (
          <li key={i} className="aspect-square rounded-xl border border-dashed border-ink-600 bg-ink-800" />
        ))}
      </ul>
      <div className="absolute inset-0 flex flex-col items-center justify-center bg-ink-900/60 px-6 text-center">
        <img src="/images/all-games.svg" alt="" width={56} height={56} className="size-14" />
        <p className="mt-4 text-lg font-semibold text-white">No games yet</p>
        <p className="mt-1 max-w-sm text-sm text-mist-400">
          Games appear here as soon as the casino adds game providers to its catalogue.
        </p>
      </div>
    </div>
  );
}
