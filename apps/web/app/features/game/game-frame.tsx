import { useEffect, useRef } from "react";
import { parseGameWindowMessage, type GameWindowRequest } from "./game-window-messages";

/**
 * The provider's game in a frame. The house provider is served from this origin, so the
 * frame keeps its origin (allow-same-origin: its own storage and requests) and may run
 * scripts, open pop-ups (rules, help) and submit forms; it may not navigate this page.
 * Only messages from this frame's window and the game URL's origin are listened to.
 */
export function GameFrame({ url, title, onRequest }: { url: string; title: string; onRequest: (request: GameWindowRequest) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const handler = useRef(onRequest);
  handler.current = onRequest;

  useEffect(() => {
    const origin = new URL(url, window.location.href).origin;
    const listener = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== origin) return;
      const request = parseGameWindowMessage(event.data);
      if (request) handler.current(request);
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [url]);

  return (
    <iframe
      ref={frame}
      src={url}
      title={title}
      className="size-full border-0 bg-ink-950"
      sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-modals"
      allow="fullscreen; autoplay"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      data-testid="game-frame"
    />
  );
}
