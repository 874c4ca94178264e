/**
 * The Hindi and Arabic names of job words, as search reads them. The data lives in src/lib/names
 * since pages and mails show the same names (jobWord in src/lib/format/job-words.ts).
 */
export * from '~/lib/names';
