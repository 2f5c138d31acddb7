/**
 * What erasure of an account removes and what it keeps, in the words the account page and the data download use.
 * Erasure by email (staff, `POST /api/admin/erasure`) does exactly this; payment records are kept because tax and
 * accounting law require the seller to keep invoices and their records for years (e.g. 7 years under the IRS's
 * general rule for business records, 10 years under the EU VAT rules of several member states).
 */
export const ERASURE_STATEMENT: { removes: string[]; kept: string[] } = {
  removes: [
    'Your account (this email address as a sign-in), its sign-in links, and every browser signed in to it (signed out at once)',
    'Every credential you uploaded: the documents and their files in storage, the evaluations, analyses and reviews',
    'Your signed evaluation reports: withdrawn in our public revocation list, and your name, email and courses removed from them, so their verification page says only that they were withdrawn at your request',
    'Your address in lead lists and email drafts, and the evaluation area’s mails to you',
  ],
  kept: [
    'Enrollments and payments: training, cohort, amounts, dates and the payment provider’s ids',
    'Numbered receipts and credit notes (the law requires sellers to keep them)',
    'Certificates of completion of your trainings (your name, the training, its hours and date): they are the proof of training that you, licensing boards and we rely on, so they stay valid and verifiable',
    'Mails about payments (confirmations, installment receipts, declines) and the audit trail of staff actions',
  ],
};
