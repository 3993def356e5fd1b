import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", "generated/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "**/.tmp/**", "**/*.as.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ["**/*.{mjs,js}"], languageOptions: { globals: { ...globals.node } } },
  {
    files: ["**/*.{ts,tsx,mts}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["lib/core/**/*.ts"],
    ignores: ["lib/core/**/*.test.ts"],
    rules: {
      // lib/core is pure: no disks, no git, no database, no framework.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:fs", "node:fs/*", "fs", "node:child_process", "child_process", "next", "next/*", "react", "react-dom", "@prisma/*", "../../server/*", "@/lib/server/*", "@/generated/*"], message: "lib/core stays pure (see docs/ARCHITECTURE.md)" },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**", "bench/**", "cli/**", "bin/**", "e2e/**", "**/*.test.ts"],
    rules: { "no-console": "off" },
  },
);
