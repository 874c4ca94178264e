/** word-extractor ships no types; the part of its API extract.ts uses. */
declare module 'word-extractor' {
  interface WordDocument {
    getBody(): string;
    getHeaders(options?: { includeFooters?: boolean }): string;
  }
  class WordExtractor {
    extract(source: Buffer | string): Promise<WordDocument>;
  }
  export default WordExtractor;
}
