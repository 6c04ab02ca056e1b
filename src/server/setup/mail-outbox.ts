import { and, asc, inArray, isNull } from 'drizzle-orm';
import { MAIL_OUTBOX_PAGE, type MailKind, type PendingMail } from '@shared/schemas/setup';
import type { Db, Tx } from '../db/client';
import { mailOutbox } from '../db/schema';

export type Mail = { to: string; kind: MailKind; subject: string; body: string };

/** Queues one mail for the operator's mailer (docs/operations.md#mail-outbox), in the caller's transaction. */
export async function queueMail(db: Db | Tx, mail: Mail, now: Date): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: mail.to,
    kind: mail.kind,
    subject: mail.subject,
    body: mail.body,
    createdAt: now,
  });
}

/** The mails not yet marked sent, oldest first, at most MAIL_OUTBOX_PAGE. */
export async function pendingMails(db: Db): Promise<PendingMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(MAIL_OUTBOX_PAGE);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    kind: r.kind,
    subject: r.subject,
    body: r.body,
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Marks these mails sent, those still pending: a mail marked twice counts once. The body
 * is emptied, since a verify mail's holds a live link; the address, kind, subject and
 * times stay as the record of what was sent.
 */
export async function markMailsSent(db: Db, ids: string[], now: Date): Promise<number> {
  const marked = await db
    .update(mailOutbox)
    .set({ sentAt: now, body: '' })
    .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  return marked.length;
}
