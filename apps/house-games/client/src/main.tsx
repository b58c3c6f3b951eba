import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { readBoot } from "./boot.ts";
import { App } from "./app.tsx";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App boot={readBoot()} />
  </StrictMode>,
);
