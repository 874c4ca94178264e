// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Islands, stores and src/lib run in the browser too: they must never reach server code. */
const serverOnly = [
  {
    group: ['**/server/**', '**/server', '~/server/**', '@/server/**'],
    message: 'src/server is server-only: call it from pages or API endpoints.',
  },
  { group: ['node:*'], message: 'Browser code cannot use Node built-ins.' },
];
const frameworks = {
  group: ['astro', 'astro:*', 'react', 'react-dom', 'react/*'],
  message: 'src/lib stays framework-free.',
};

/**
 * The layers of docs/architecture.md, as import-x path zones (resolved through tsconfig, so `~/`
 * imports count too):
 * - pages, components and layouts never import src/server/db: they call a domain's service;
 * - a domain imports only the db client, its own schema file and the sites' (countries);
 *   another domain's tables are reached through that domain's service.
 */
const DB = './src/server/db';
const DB_SHARED = [
  './client.ts',
  './data-dir-lock.ts',
  './scrub.ts',
  './countries.ts',
  './bulk.ts',
  './columns.ts',
  './owner.ts',
  './json-rows.ts',
  './schema-sites.ts',
];
/** Domain folder -> the schema files it owns (besides the shared ones). */
const DOMAIN_TABLES = {
  accounts: ['./schema-accounts.ts'],
  applications: ['./schema-applications.ts'],
  jobs: ['./schema-jobs.ts'],
  profiles: ['./schema-profiles.ts'],
  resumes: ['./schema-resumes.ts'],
  search: ['./schema-search.ts'],
  alerts: ['./schema-alerts.ts'],
  commerce: ['./schema-commerce.ts'],
  chrome: ['./schema-chrome.ts'],
  privacy: ['./schema-privacy.ts'],
  builder: [],
  ops: [],
  // demo seeds jobs and companies in bulk (docs/architecture.md, known seams)
  demo: ['./schema-jobs.ts'],
  seo: [],
  content: [],
  reference: [],
  // the offline test gateway keeps its own payments
  adapters: ['./schema-payments.ts'],
  'page-cache': [],
  http: [],
  api: [],
};
const layerZones = [
  {
    target: ['./src/pages', './src/components', './src/layouts', './src/islands', './src/stores'],
    from: DB,
    message: 'Pages and components do not touch the database: call the domain service.',
  },
  {
    // The arrows run down: what the server and a component share lives in src/lib.
    target: ['./src/server', './src/lib', './src/stores'],
    from: ['./src/pages', './src/components', './src/layouts', './src/islands'],
    message: 'The server and src/lib do not import pages or components: share it through src/lib.',
  },
  ...Object.entries(DOMAIN_TABLES).map(([domain, own]) => ({
    target: `./src/server/${domain}`,
    from: DB,
    except: [...DB_SHARED, ...own],
    message: `src/server/${domain} may use only its own tables: call the owning domain's service.`,
  })),
];

/** Numbers and money are written in src/lib/format only (decision 0086). */
const FORMAT_MESSAGE =
  'Format numbers and money with src/lib/format (formatNumber, formatPercent, formatMoney): it writes them as each site and language does.';
const localFormatting = [
  "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
  "CallExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
  "CallExpression[callee.property.name='toLocaleString']",
].map((selector) => ({ selector, message: FORMAT_MESSAGE }));

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'data/', 'node_modules/', 'bench/results/', 'drizzle/'] },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    // Services are plain functions: Astro (context, cookies, locals) stays in each domain's
    // http.ts (and http-*.ts when one file would grow too big) and the shared HTTP plumbing. Content collections are read through astro:content.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/http.ts',
      'src/server/**/http-*.ts',
      'src/server/http/**',
      'src/server/api/**',
      'src/server/content/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'astro', message: 'Services do not import astro: put it in http.ts.' }],
          patterns: [
            { group: ['astro:*'], message: 'Services do not import astro: put it in http.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/lib/format/**'],
    rules: { 'no-restricted-syntax': ['error', ...localFormatting] },
  },
  {
    files: ['src/islands/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverOnly }] },
  },
  {
    // Stores hold shared island state and nothing else (types of that state may come from src/lib).
    files: ['src/stores/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!nanostores$)',
              message: 'Stores import only nanostores.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverOnly, frameworks] }] },
  },
);
