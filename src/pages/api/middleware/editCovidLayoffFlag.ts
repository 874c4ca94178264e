/**
 * POST middleware/editCovidLayoffFlag {covidLayoff: boolean} (registry `editCovidLayoffFlag`,
 * SPEC §7): sets the caller's own covid layoff flag; 401 for guests.
 */
import { endpoint } from '~/server/api/envelope';
import { actionResponse } from '~/server/profiles/http';
import { getPrivateFlags } from '~/server/profiles/service';

export const prerender = false;

export const POST = endpoint((context) =>
  actionResponse(context, 'covidLayoff', async (userId) => ({
    covidLayoff: (await getPrivateFlags(userId)).covidLayoff,
  })),
);
