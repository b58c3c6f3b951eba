const loaded = new Map<string, Promise<void>>();

/**
 * Adds an async <script> for a third-party service once per address. The page policy allows only the
 * configured services' origins, so nothing else could load this way anyway.
 */
export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const existing = loaded.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.async = true;
    script.src = src;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.onload = () => resolve();
    script.onerror = () => {
      loaded.delete(src);
      reject(new Error(`could not load ${new URL(src).origin}`));
    };
    document.head.appendChild(script);
  });
  loaded.set(src, promise);
  return promise;
}
