/**
 * Content collections: career advice and Aspire (students and freshers) articles, Markdown files
 * in src/content/{career-advice|aspire}/{country}/{slug}.md. {country} is a site key from
 * sites/*.json (india, gulf, ...) or `all` for articles every site shows. The entry id is
 * `{country}/{slug}` (the path without .md, kept as written), and the folder is copied into the
 * entry's data as `country`, so a misspelt folder fails the build.
 *
 * Front matter errors stop the build with the file's path and the field (see docs/editors.md).
 */
import { defineCollection, type SchemaContext } from 'astro:content';
import { glob, type Loader, type LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { sites } from '../sites';

/** Folder of articles shown on every site (src/server/content/articles.ts has the same). */
const ALL_SITES = 'all';
/** {country}/{slug}: one folder level, lower-case hyphenated slug, as /{section}/{slug}.html needs. */
const ARTICLE_ID = /^[a-z]+\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A translation key: what the translations of one article share, like a slug. */
const TRANSLATION_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const countries = [ALL_SITES, ...sites.map((s) => s.key)] as [string, ...string[]];

/** Aspire's topics (its topic pages): career paths, first-job guides, interview preparation. */
export const ASPIRE_TOPICS = ['career-paths', 'first-job', 'interview-prep'] as const;

/**
 * A glob loader over one section's folder whose entries carry the first folder of their id as
 * `country`; a path that cannot be an article URL, or front matter that does not match the
 * schema, fails with the file's path in the message.
 */
function articles(section: string): Loader {
  const inner = glob({
    base: `./src/content/${section}`,
    pattern: '**/*.md',
    // {country}/{slug}, exactly as the file is named (the default would also honour a `slug` field).
    generateId: ({ entry }) => entry.replace(/\.md$/, ''),
  });
  const loadEntries = (context: LoaderContext) =>
    inner.load({
      ...context,
      parseData: async (props) => {
        const file = props.filePath ?? `src/content/${section}/${props.id}.md`;
        if (!ARTICLE_ID.test(props.id)) {
          throw new Error(
            `${file}: the path must be ${section}/{country}/{slug}.md with a lower-case, hyphenated slug`,
          );
        }
        try {
          return await context.parseData({
            ...props,
            data: { ...props.data, country: props.id.split('/')[0] ?? '' },
          });
        } catch (error) {
          // Astro's message names the collection entry and the fields; editors need the file.
          throw new Error(`${file}: front matter is not valid. ${(error as Error).message}`, {
            cause: error,
          });
        }
      },
    });
  return {
    name: `${section}-articles`,
    load: async (context: LoaderContext) => {
      await loadEntries(context);
      refuseDuplicateTranslations(section, context);
    },
  };
}

/**
 * Two articles in the same language with the same translationKey on one site would each claim to
 * be the translation: the build stops and names both files. A site shows its own folder and
 * `all` (its own file replacing the same slug in `all`), so a clash is two files in one folder,
 * or one in `all` and one of another slug in a country folder.
 */
function refuseDuplicateTranslations(section: string, context: LoaderContext) {
  const seen = new Map<string, { country: string; slug: string; id: string }[]>();
  for (const entry of context.store.values()) {
    const { translationKey, lang } = entry.data as { translationKey?: string; lang?: string };
    if (!translationKey) continue;
    const [country = '', slug = ''] = entry.id.split('/');
    const id = `${translationKey}|${lang ?? 'en'}`;
    const others = seen.get(id) ?? [];
    const clash = others.find(
      (o) =>
        o.country === country ||
        ((o.country === ALL_SITES || country === ALL_SITES) && o.slug !== slug),
    );
    if (clash) {
      throw new Error(
        `src/content/${section}/${entry.id}.md: translationKey "${translationKey}" is already used by src/content/${section}/${clash.id}.md in the same language; each language may have one article per key`,
      );
    }
    seen.set(id, [...others, { country, slug, id: entry.id }]);
  }
}

/** The front matter every article has (docs/editors.md explains each field). */
const articleFields = ({ image }: SchemaContext) => ({
  title: z.string({ error: 'title is required' }).trim().min(1, 'title must not be empty'),
  /** Meta description and the summary in lists. */
  description: z
    .string({ error: 'description is required' })
    .min(1, 'description must not be empty')
    .max(300, 'description must be at most 300 characters'),
  publishedAt: z.coerce.date({ error: 'publishedAt must be a date (YYYY-MM-DD)' }),
  updatedAt: z.coerce.date({ error: 'updatedAt must be a date (YYYY-MM-DD)' }).optional(),
  author: z.string({ error: 'author is required' }).min(1, 'author must not be empty'),
  tags: z.array(z.string().min(1)).default([]),
  lang: z.enum(['en', 'hi', 'ar']).default('en'),
  /**
   * The same key on the translations of one article (each in its own language): they become each
   * other's hreflang alternates and the language switcher goes from one to the other.
   */
  translationKey: z
    .string()
    .regex(
      TRANSLATION_KEY,
      'translationKey must be lower-case English letters, digits and hyphens (e.g. uae-work-visa)',
    )
    .optional(),
  /** Shown on the article and in lists; `alt` describes it for screen readers. */
  cover: z
    .object({
      src: image(),
      alt: z.string({ error: 'cover.alt is required' }).min(1, 'cover.alt must describe the image'),
    })
    .optional(),
  /** true: shown under `npm run dev` only, never in production. */
  draft: z.boolean().default(false),
  /** From the folder, never written in front matter. */
  country: z.enum(countries, {
    error: `articles must sit in a folder named after a site key or "${ALL_SITES}" (${countries.join(', ')})`,
  }),
});

const careerAdvice = defineCollection({
  loader: articles('career-advice'),
  schema: (context) => z.object(articleFields(context)),
});

const aspire = defineCollection({
  loader: articles('aspire'),
  schema: (context) =>
    z.object({
      ...articleFields(context),
      topic: z.enum(ASPIRE_TOPICS, {
        error: `topic must be one of ${ASPIRE_TOPICS.join(', ')}`,
      }),
    }),
});

export const collections = { careerAdvice, aspire };
