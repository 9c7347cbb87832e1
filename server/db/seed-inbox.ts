/**
 * Demo inbox: Jane Doe's conversations with Downtown (an answered question, marked done, and an open
 * one whose latest staff reply she has not read yet, so her badge shows 1), and John Roe's at Brightsight Main,
 * waiting for the store. Fixed text; times relative to the seed's `now`.
 */
import type { Tx } from './client';
import type { DemoUserIds } from './seed';
import { demoIds } from './seed';
import { inboxConversations, inboxMessages } from './schema-inbox';

export const inboxDemoIds = {
  janeDone: 'c1ea0000-0000-4000-8000-0000000c0001',
  janeOpen: 'c1ea0000-0000-4000-8000-0000000c0002',
  johnOpen: 'b1e00000-0000-4000-8000-0000000c0001',
} as const;

export async function seedInbox(tx: Tx, now: Date, userIds: DemoUserIds): Promise<void> {
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * 86_400_000 + hours * 3_600_000);
  const jane = userIds['patient@clearview.test']!;
  const sam = userIds['staff@clearview.test']!;
  const john = userIds['patient@brightsight.test']!;
  const clearview = demoIds.clearview;
  const brightsight = demoIds.brightsight;

  await tx.insert(inboxConversations).values([
    { tenantId: clearview, id: inboxDemoIds.janeDone, patientId: demoIds.janeDoe, locationId: demoIds.downtown, status: 'done', assignedTo: sam, createdAt: at(21), lastMessageAt: at(21, 3) },
    { tenantId: clearview, id: inboxDemoIds.janeOpen, patientId: demoIds.janeDoe, locationId: demoIds.downtown, status: 'open', assignedTo: sam, createdAt: at(2), lastMessageAt: at(1) },
    { tenantId: brightsight, id: inboxDemoIds.johnOpen, patientId: demoIds.johnRoe, locationId: demoIds.main, status: 'open', assignedTo: null, createdAt: at(0, -3), lastMessageAt: at(0, -3) },
  ]);
  const jn = { author: 'patient' as const, authorUserId: jane, authorName: 'Jane Doe' };
  const sm = { author: 'staff' as const, authorUserId: sam, authorName: 'Sam Staff' };
  await tx.insert(inboxMessages).values([
    { tenantId: clearview, conversationId: inboxDemoIds.janeDone, ...jn, body: 'Hello, do you also fit contact lenses for astigmatism? My optometrist mentioned toric lenses.', createdAt: at(21), readAt: at(21, 1) },
    {
      tenantId: clearview,
      conversationId: inboxDemoIds.janeDone,
      ...sm,
      body: 'Hi Jane, yes we do. A toric fitting takes about 30 minutes; you can book it as a contact lens fitting online or call us at the store.',
      createdAt: at(21, 2),
      readAt: at(21, 3),
    },
    { tenantId: clearview, conversationId: inboxDemoIds.janeDone, ...jn, body: 'Great, thank you!', createdAt: at(21, 3), readAt: at(21, 4) },
    {
      tenantId: clearview,
      conversationId: inboxDemoIds.janeOpen,
      ...jn,
      body: 'Hi, the left arm of my new frames feels a little loose. Can I come by to have it adjusted, and do I need an appointment?',
      createdAt: at(2),
      readAt: at(2, 2),
    },
    {
      tenantId: clearview,
      conversationId: inboxDemoIds.janeOpen,
      ...sm,
      body: 'Hi Jane, no appointment needed for adjustments: drop by any time during opening hours and we will tighten it while you wait. It is free of charge.',
      createdAt: at(1),
      readAt: null,
    },
    {
      tenantId: brightsight,
      conversationId: inboxDemoIds.johnOpen,
      author: 'patient',
      authorUserId: john,
      authorName: 'John Roe',
      body: 'Good morning, could you send me a copy of my last prescription? I need it for my insurance claim.',
      createdAt: at(0, -3),
      readAt: null,
    },
  ]);
}
