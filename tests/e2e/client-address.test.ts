/**
 * Client addresses behind a proxy (TRUST_PROXY=true in the suite's server: the nearest hop, this
 * test's own connection, is the proxy). A client may write anything at the left of
 * X-Forwarded-For; the proxy appends the address it really saw. Rotating the spoofed part must
 * not reset the per-client registration limit.
 */
import { describe, expect, it } from 'vitest';
import { account, form, originOf, post } from './accounts-helpers';

describe('client addresses behind a trusted proxy', () => {
  it('counts the address the proxy appended, whatever the client put before it', async () => {
    const seen = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const a = account(`spoof${i}`);
      const answer = await post(
        'rexmonster.localhost',
        '/seeker/registration',
        form({
          careerStage: 'fresher',
          name: a.name,
          email: a.email,
          password: a.password,
          isdCode: a.isdCode,
          mobile: a.mobile,
        }),
        { origin: originOf('rexmonster'), 'x-forwarded-for': `198.18.${i}.${i + 1}, ${seen}` },
      );
      statuses.push(answer.status);
    }
    // SPEC-free limit of the registration form: 20 an hour from one client.
    expect(statuses.slice(0, 20).every((s) => s === 303)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
