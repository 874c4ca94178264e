/** The places file of each site (one per site context; ./index.ts orders them as the sites). */
import type { SitePlaces } from './types';
import { rexmonster } from './rexmonster';
import { monstergulf } from './monstergulf';
import { monsterhongkong } from './monsterhongkong';
import { monstersingapore } from './monstersingapore';
import { monsterphilippines } from './monsterphilippines';
import { monsterthailand } from './monsterthailand';
import { monstervietnam } from './monstervietnam';
import { monsterindonesia } from './monsterindonesia';
import { monstermalaysia } from './monstermalaysia';

export const placeFiles: readonly SitePlaces[] = [
  rexmonster,
  monstergulf,
  monsterhongkong,
  monstersingapore,
  monsterphilippines,
  monsterthailand,
  monstervietnam,
  monsterindonesia,
  monstermalaysia,
];
