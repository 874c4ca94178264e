/**
 * What Hindi and Arabic readers call a term the portal keeps in English (a job title, a skill,
 * a function or industry, a word of a title): [English as the data has it, Hindi names, Arabic
 * names]. Several names are separated by ' | '; the first is the usual one. '' means none.
 *
 * Write names as people type them when they look for a job: the common Hindi word and the
 * transliteration in Devanagari (लेखाकार | अकाउंटेंट), Gulf Arabic usage (مندوب مبيعات). Spelling
 * variants that search folds anyway need not be listed: nukta (फ़/फ), ZWJ/ZWNJ, candrabindu and
 * anusvara, ऑ/ओ, a half nasal before a consonant (इन्जीनियर/इंजीनियर); Arabic diacritics and
 * tatweel, alef forms (أ إ آ ا), taa marbuta/haa, alef maqsura/yaa, the article ال and the plural
 * endings ون ين ات (src/server/search/term-forms.ts).
 */
export type TermNames = readonly [en: string, hi: string, ar: string];
