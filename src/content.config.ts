/**
 * Content collections. Career advice articles live in src/content/career-advice/{country}/{slug}.md:
 * {country} is a site key from sites/*.json (india, gulf, ...) or `all` for articles every site
 * shows. The entry id is `{country}/{slug}` (the path without .md, kept as written), and the
 * folder is copied into the entry's data as `country`, so a misspelt folder fails the build.
 */
import { defineCollection } from 'astro:content';
import { glob, type Loader, type LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { sites } from '../sites';

/** Folder of articles shown on every site (src/server/content/career-advice.ts has the same). */
const ALL_SITES = 'all';
/** {country}/{slug}: one folder level, lower-case hyphenated slug, as /career-advice/{slug}.html needs. */
const ARTICLE_ID = /^[a-z]+\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

const countries = [ALL_SITES, ...sites.map((s) => s.key)] as [string, ...string[]];

/**
 * Wraps a loader so every entry's data carries the first folder of its id as `country`, and
 * refuses files whose path cannot be an article URL.
 */
function withCountryFromFolder(inner: Loader): Loader {
  return {
    name: 'career-advice-glob',
    load: (context: LoaderContext) =>
      inner.load({
        ...context,
        parseData: (props) => {
          if (!ARTICLE_ID.test(props.id)) {
            throw new Error(
              `Career advice article "${props.filePath ?? props.id}": the path must be {country}/{slug}.md with a lower-case, hyphenated slug`,
            );
          }
          return context.parseData({
            ...props,
            data: { ...props.data, country: props.id.split('/')[0] ?? '' },
          });
        },
      }),
  };
}

const careerAdvice = defineCollection({
  loader: withCountryFromFolder(
    glob({
      base: './src/content/career-advice',
      pattern: '**/*.md',
      // {country}/{slug}, exactly as the file is named (the default would also honour a `slug` field).
      generateId: ({ entry }) => entry.replace(/\.md$/, ''),
    }),
  ),
  schema: z.object({
    title: z.string().min(1),
    /** Meta description and the summary in lists. */
    description: z.string().min(1).max(300),
    publishedAt: z.coerce.date(),
    updatedAt: z.coerce.date().optional(),
    author: z.string().min(1),
    tags: z.array(z.string().min(1)).default([]),
    lang: z.enum(['en', 'hi', 'ar']).default('en'),
    /** From the folder, never written in front matter. */
    country: z.enum(countries, {
      error: `career advice articles must sit in a folder named after a site key or "${ALL_SITES}" (${countries.join(', ')})`,
    }),
  }),
});

export const collections = { careerAdvice };
