/** Adding to the cart as a person does on a service page, through the AddToCart island. */
import type { Page } from 'playwright';

/**
 * Opens a service page, picks the plan, adds it with the island (hydrated on the first reach,
 * waited for so the click is the island's) and opens the cart.
 */
export async function addFromServicePage(page: Page, origin: string, sku: string): Promise<void> {
  const slug = sku.split('/')[0]!;
  await page.goto(`${origin}/career-services/${slug}`);
  const island = page.locator('astro-island[component-url*="/AddToCart."]').first();
  await island.locator('button[type=submit]').hover();
  await island.and(page.locator('astro-island:not([ssr])')).waitFor();
  await island.locator(`input[value="${sku}"]`).check();
  await island.locator('button[type=submit]').click();
  await island.locator('[role=status] a').waitFor();
  await page.goto(`${origin}/career-services/cart`);
}
