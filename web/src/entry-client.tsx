import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/App";
import { rememberLanding } from "./lib/bookingSource";
import type { AppState } from "./lib/types";
import "./styles.css";

const stateElement = document.getElementById("page-state");
const root = document.getElementById("root");
if (stateElement && root) {
  rememberLanding();
  const state = JSON.parse(stateElement.textContent ?? "{}") as AppState;
  hydrateRoot(
    root,
    <StrictMode>
      <BrowserRouter>
        <App state={state} />
      </BrowserRouter>
    </StrictMode>,
  );
}
