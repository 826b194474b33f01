import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/App";
import { lazyPages } from "./app/lazyPages";
import { PageSourceContext } from "./app/pages";
import { rememberLanding } from "./lib/bookingSource";
import type { AppState } from "./lib/api-schema";
import "./styles.css";

const stateElement = document.getElementById("page-state");
const root = document.getElementById("root");
if (stateElement && root) {
  rememberLanding();
  const state = JSON.parse(stateElement.textContent ?? "{}") as AppState;
  const pages = lazyPages();
  // The first page's component arrives with the entry (the server preloads its chunk).
  void pages.load(state.page.kind).then(() =>
    hydrateRoot(
      root,
      <StrictMode>
        <PageSourceContext.Provider value={pages}>
          <BrowserRouter>
            <App state={state} />
          </BrowserRouter>
        </PageSourceContext.Provider>
      </StrictMode>,
    ),
  );
}
