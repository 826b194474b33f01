// ESLint for the web app, the Playwright journeys and these tools, run by `make lint` with no
// warnings allowed. The rules: ESLint's and typescript-eslint's recommended sets (syntax only, so a
// run takes seconds; tsc checks the types), and React's hooks rules on the web app: the two classic
// ones and the React Compiler's (state set in an effect, impure calls and refs read in a render).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["web/dist/**", "web/src/lib/api-schema.ts", "**/node_modules/**", "e2e/test-results/**"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `const { gone, ...rest } = object` is how a key is dropped.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["web/scripts/**", "web/*.ts", "e2e/**/*.ts", "tools/**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
);
