/**
 * The site files, one per country site: a new country is its `<key>.json` here and one line
 * below (docs/architecture.md, "Add a country site"). Everything that lists sites derives from
 * them through ./index.ts; tests add a country by replacing this module.
 */
import india from './india.json' with { type: 'json' };
import gulf from './gulf.json' with { type: 'json' };
import hongkong from './hongkong.json' with { type: 'json' };
import singapore from './singapore.json' with { type: 'json' };
import philippines from './philippines.json' with { type: 'json' };
import thailand from './thailand.json' with { type: 'json' };
import vietnam from './vietnam.json' with { type: 'json' };
import indonesia from './indonesia.json' with { type: 'json' };
import malaysia from './malaysia.json' with { type: 'json' };

/** File name -> its contents, validated by ./index.ts (SiteSchema). */
export const siteFiles: Record<string, unknown> = {
  'india.json': india,
  'gulf.json': gulf,
  'hongkong.json': hongkong,
  'singapore.json': singapore,
  'philippines.json': philippines,
  'thailand.json': thailand,
  'vietnam.json': vietnam,
  'indonesia.json': indonesia,
  'malaysia.json': malaysia,
};
