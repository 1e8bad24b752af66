import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index';
import { createAuthSchemas } from './auth';
import { MESSAGES } from '../messages/common';
import { allowedText } from './common';
import { createProductSchema } from './products';
import { profileUpdateSchema } from './profile';
import { createRequestSchema, deliverRequestSchema } from './requests';
import { sendMessageSchema } from './chat';

const campus = { campusName: 'Example University', emailDomain: 'example.edu' };
const auth = createAuthSchemas(campus);

/**
 * Schemas of what the server answers (never parsed from a user). Every other exported schema is a
 * rule for user input, and each string it takes must refuse NUL.
 */
const ANSWERS = new Set([
  'savedSearchSchema',
  'wantedPostSchema',
  'lostFoundPostSchema',
  'lostFoundClaimSchema',
  'campusConfigSchema',
  'userSchema',
  'publicUserSchema',
  'userRefSchema',
  'requestContactSchema',
  'requestCanSchema',
  'requestSchema',
  'ratingSchema',
  'ratingSummarySchema',
  'hostellerStatsSchema',
  'dayScholarStatsSchema',
  'recentProductSchema',
  'productSellerSchema',
  'productCanSchema',
  'productSchema',
  'sessionSchema',
  'messageSchema',
  'conversationSchema',
  'notificationSchema',
  'reportSchema',
  'blockedUserSchema',
  'followStateSchema',
  'followedUserSchema',
  'reportTargetSchema',
  'moderationReportSchema',
  'moderationActionSchema',
  'moderationDoneSchema',
  'offerSchema',
  'reviewSchema',
  'publicProfileSchema',
  'runnerSchema',
  'tripCanSchema',
  'tripSchema',
  'tripStopSchema',
  'runCanSchema',
  'runSchema',
  'settlementCanSchema',
  'settlementSchema',
  'settlementSummarySchema',
  'moneyWeekSchema',
  'moneySideSchema',
  'disputeSchema',
  'disputePhotoSchema',
  'settlementDisputeSchema',
  'moderationDisputeSchema',
  'reliabilitySchema',
  'accountBlockerSchema',
  'accountBlockersResponseSchema',
]);
const isAnswer = (name: string) => ANSWERS.has(name) || /Response(Schema)?$/.test(name);

/** Every string schema inside a schema, with its path. */
function stringsOf(schema: z.ZodType, path: string, out: Array<[string, z.ZodType]> = []) {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, at: string) => stringsOf(child as z.ZodType, at, out);
  switch (def.type) {
    case 'string':
      out.push([path, schema]);
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
        walk(child, `${path}.${key}`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType, path);
      break;
    case 'pipe':
      walk(def.in, path);
      walk(def.out, path);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option, path);
      break;
  }
  return out;
}

describe('text rules', () => {
  it('every string a user may send refuses a NUL byte, in every shared input schema', () => {
    const inputs: Array<[string, z.ZodType]> = [
      ...Object.entries(shared as Record<string, unknown>).flatMap(
        ([name, value]): Array<[string, z.ZodType]> =>
          value instanceof z.ZodType && !isAnswer(name) ? [[name, value]] : [],
      ),
      ...Object.entries(auth).map(([k, v]): [string, z.ZodType] => [`auth.${k}`, v]),
    ];
    expect(inputs.length).toBeGreaterThan(40);
    const accepting: string[] = [];
    for (const [name, schema] of inputs)
      for (const [path, leaf] of stringsOf(schema, name)) {
        const result = leaf.safeParse('\u0000');
        const refused =
          !result.success &&
          ['custom', 'invalid_format'].includes(result.error.issues[0]!.code) &&
          !leaf.safeParse('ok\u0000ok').success;
        if (!refused) accepting.push(path);
      }
    // A schema of answers belongs in ANSWERS; a rule for input must build its strings with userText.
    expect(accepting).toEqual([]);
  });

  it('refuses names with control, bidi-override and zero-width characters, with a clear message', () => {
    for (const name of [
      'Eve\r\nBcc: all@example.edu',
      'Admin\u202Etxt.exe',
      'Eve\u0000',
      'Eve\u0085',
      'Ev\u200Be',
      'Eve\u2066x\u2069',
      'Eve\u200F',
      'E\uFEFFve',
      'Eve\u2060',
    ]) {
      const result = profileUpdateSchema.safeParse({ name, phoneNumber: '9876543210' });
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['name', MESSAGES.nameCharacters],
      ]);
    }
    const register = auth.register.safeParse({
      name: 'Admin\u202Etxt.exe',
      email: 'eve@example.edu',
      password: 'long enough password',
      phoneNumber: '9876543210',
      role: 'dayscholar',
    });
    expect(register.error!.issues.map((i) => i.message)).toEqual([MESSAGES.nameCharacters]);
    // White space at the ends is trimmed, as before.
    expect(profileUpdateSchema.parse({ name: ' Hema\n', phoneNumber: '9876543210' }).name).toBe('Hema');
    // Accented, non-Latin and right-to-left names are names.
    for (const name of ['Zoë Núñez', 'अनन्या शर्मा', 'محمد علي', "D'Souza-Rao Jr."])
      expect(profileUpdateSchema.safeParse({ name, phoneNumber: '9876543210' }).success, name).toBe(true);
  });

  it('keeps line breaks and tabs in descriptions and messages, but no other control character', () => {
    const message = (content: string) =>
      sendMessageSchema.safeParse({ receiverId: '6f1c1a36-5c39-4c43-9a8e-0d4a3c0f2b11', content });
    expect(message('Hi!\nSee you at\tgate 2\r\n👩‍💻').success).toBe(true);
    expect(message('Hi\u0000').error!.issues[0]!.message).toBe(
      'Message contains characters that are not allowed',
    );
    expect(message('Hi\u001B[31m').success).toBe(false);
    const request = {
      itemName: 'Milk',
      expectedPrice: 40,
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
      deliveryLocation: 'Block A',
    };
    expect(
      createRequestSchema.safeParse({ ...request, description: 'Two packets\n- full cream' }).success,
    ).toBe(true);
    expect(
      createRequestSchema.safeParse({ ...request, itemName: 'Milk\u202Eklim' }).error!.issues[0]!.message,
    ).toBe('Item name contains characters that are not allowed');
    expect(createRequestSchema.safeParse({ ...request, deliveryLocation: 'Block\nA' }).success).toBe(false);
    expect(deliverRequestSchema.safeParse({ deliveryNotes: 'Left at\tthe door\n' }).success).toBe(true);
    expect(
      createProductSchema.safeParse({
        name: 'Lamp',
        description: 'Bright\u0000',
        price: 100,
        category: 'decor',
      }).error!.issues[0]!.message,
    ).toBe('Description contains characters that are not allowed');
    expect(allowedText('text')('Tabs\tand\nlines\r\n')).toBe(true);
    expect(allowedText('line')('Tabs\tand')).toBe(false);
  });
});
