import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AdminApp } from "./features/admin/frame/AdminApp";
import { LayoutContext } from "./lib/layout";
import type { Layout as LayoutData } from "./lib/api-schema";
import "./styles.css";

const stateElement = document.getElementById("page-state");
const root = document.getElementById("root");
if (stateElement && root) {
  const state = JSON.parse(stateElement.textContent ?? "{}") as { layout: LayoutData };
  // A data router, so the editor can hold a navigation while it asks about unsaved changes.
  const router = createBrowserRouter([
    {
      path: "*",
      element: (
        <LayoutContext.Provider value={state.layout}>
          <AdminApp />
        </LayoutContext.Provider>
      ),
    },
  ]);
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
