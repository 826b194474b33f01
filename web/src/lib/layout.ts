// The business facts every page may show (name, phone, hours...), from the server.
import { createContext, useContext } from "react";
import type { Layout as LayoutData } from "./api-schema";

export const LayoutContext = createContext<LayoutData | null>(null);

export function useLayout(): LayoutData {
  const layout = useContext(LayoutContext);
  if (!layout) throw new Error("useLayout outside the app");
  return layout;
}
