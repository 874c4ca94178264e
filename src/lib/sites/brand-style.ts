/** The one inline style a page carries: the brand's colour from config, as a CSS variable. */
export function brandStyle(brand: { themeColor: string }): string {
  return `html:root{--brand:${brand.themeColor}}`;
}
