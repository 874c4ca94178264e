/**
 * The A/B experiments the portal runs (middleware/resolveABVariant). Add one here with its
 * variants and weights; a visitor's variant is sticky (see ab.ts).
 */
import type { Experiment } from './ab';

export const EXPERIMENTS: Readonly<Record<string, Experiment>> = {
  /** Hero heading wording on home. */
  'home-hero': {
    variants: [
      { name: 'control', weight: 1 },
      { name: 'benefit', weight: 1 },
    ],
  },
  /** Whether the app banner's button says Open Now or shows the store badge. */
  'app-banner-cta': {
    variants: [
      { name: 'control', weight: 3 },
      { name: 'badge', weight: 1 },
    ],
  },
};
