import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import boundaries from "./scripts/eslint/boundaries.js";

const noMathRandom = {
  selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
  message: "Math.random is not a cryptographic RNG: use node:crypto (randomInt, randomBytes) or crypto.getRandomValues.",
};

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/build/**", "**/dist/**", "**/.react-router/**", ".data/**", ".tmp/**", "**/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "no-restricted-syntax": ["error", noMathRandom],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
    },
  },
  {
    files: ["apps/**/*.{ts,tsx,js,mjs}", "packages/**/*.{ts,tsx,js,mjs}"],
    plugins: { boundaries },
    rules: { "boundaries/imports": "error" },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}", "apps/backoffice/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // Tests may use Math.random for test data; game and money code never does.
    files: ["**/*.test.{ts,tsx}", "**/test/**", "scripts/**"],
    rules: { "no-restricted-syntax": "off" },
  },
);
