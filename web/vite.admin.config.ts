// The admin area's build: its own entry, chunks and manifest, so nothing of the admin (Quill,
// the editor) changes what visitors of the public site download.
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist/client",
    // The public build (vite.config.ts) runs first and empties the folder.
    emptyOutDir: false,
    manifest: ".vite/admin-manifest.json",
    modulePreload: { polyfill: false },
    rolldownOptions: { input: "src/entry-admin.tsx" },
  },
});
