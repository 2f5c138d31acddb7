/**
 * Moved to `database/transaction-runner.ts`; kept only so branches written before the move still compile. Import
 * from `../database/transaction-runner`.
 */
export { TransactionRunner } from '../database/transaction-runner';
