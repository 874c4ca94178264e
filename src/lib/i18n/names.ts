import type { Lang } from '~/lib/sites/schema';

/** Each language named in its own script, as language switchers show them. */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', hi: 'हिन्दी', ar: 'العربية' };
