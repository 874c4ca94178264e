// Lets pages type-check `client:interaction` on a component (src/directives/interaction.ts).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
export {};
