/** The custom client directives (astro.config.mjs) on framework components' props. */
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first interaction with the island (src/directives/interaction.ts). */
    'client:interaction'?: boolean;
    /** Hydrate when the window hears `island:<value>` (src/directives/signal.ts). */
    'client:signal'?: string;
  }
}
