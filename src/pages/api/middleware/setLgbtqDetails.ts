/**
 * POST middleware/setLgbtqDetails {lgbtq: 'yes' | 'no' | 'undisclosed'} (registry
 * `setLgbtqDetails`, SPEC §7): sets the caller's own answer; 401 for guests.
 */
import { endpoint } from '~/server/api/envelope';
import { actionResponse } from '~/server/profiles/http';
import { getPrivateFlags } from '~/server/profiles/service';

export const prerender = false;

export const POST = endpoint((context) =>
  actionResponse(context, 'lgbtq', async (userId) => ({
    lgbtq: (await getPrivateFlags(userId)).lgbtq,
  })),
);
