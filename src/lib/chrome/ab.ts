/**
 * A/B variants (SPEC §7 middleware/resolveABVariant): a visitor keeps one variant per experiment,
 * decided by a hash of their first-party id and the experiment name, so the same visitor gets the
 * same answer on every server and every visit, without storing an assignment.
 */

/** FNV-1a, 32 bits: small, fast and spreads similar ids evenly enough for bucketing. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export interface Experiment {
  /** Variants and their weights (relative, positive integers). */
  variants: readonly { name: string; weight: number }[];
}

/** The visitor's variant of an experiment: deterministic in (visitor, experiment). */
export function pickVariant(visitorId: string, experiment: string, spec: Experiment): string {
  const total = spec.variants.reduce((sum, v) => sum + v.weight, 0);
  if (total <= 0 || spec.variants.length === 0)
    throw new Error(`experiment ${experiment} has no variants`);
  let bucket = fnv1a(`${experiment}:${visitorId}`) % total;
  for (const variant of spec.variants) {
    if (bucket < variant.weight) return variant.name;
    bucket -= variant.weight;
  }
  return spec.variants[spec.variants.length - 1]!.name;
}
