import type { ReactNode } from "react";
import { Footer } from "./footer";
import { Header } from "./header";
import { LiveChatMount } from "./live-chat-mount";
import { Sidebar } from "./sidebar";
import { SidebarProvider } from "./sidebar-state";

/** Header, sidebar, main landmark and footer shared by the default and account layouts. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only z-tooltip rounded-lg bg-gold-400 px-4 py-2 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <div className="flex">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className="min-h-[60vh] flex-1 px-4 py-6 outline-none tablet:px-6 desktop:px-8">
            {children}
          </main>
          <Footer />
        </div>
      </div>
      <LiveChatMount />
    </SidebarProvider>
  );
}
