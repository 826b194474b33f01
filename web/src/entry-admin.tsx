import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AdminApp } from "./features/admin/AdminApp";
import { LayoutContext } from "./lib/layout";
import type { LayoutData } from "./lib/types";
import "./styles.css";

const stateElement = document.getElementById("page-state");
const root = document.getElementById("root");
if (stateElement && root) {
  const state = JSON.parse(stateElement.textContent ?? "{}") as { layout: LayoutData };
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <LayoutContext.Provider value={state.layout}>
          <AdminApp />
        </LayoutContext.Provider>
      </BrowserRouter>
    </StrictMode>,
  );
}
