/** The API client islands use: named endpoints, headers, envelope reading, SPEC §8 messages. */
export * from './client';
export * from './headers';
export * from './messages';
export * from './registry';
