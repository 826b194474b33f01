// The admin's service worker: one classic script (no imports), which the server serves at
// /dbadmin/sw.js with the list of the admin build's files in front of it.
import { defineConfig } from "vite";

export default defineConfig({
  build: {
    outDir: "dist/sw",
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: "src/serviceWorker/adminWorker.ts",
      output: { format: "iife", entryFileNames: "admin-sw.js" },
    },
  },
});
