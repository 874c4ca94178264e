// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

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
    files: ['src/islands/**', 'src/stores/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverOnly }] },
  },
  {
    files: ['src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverOnly, frameworks] }] },
  },
);
