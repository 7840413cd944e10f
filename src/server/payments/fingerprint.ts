import { createHmac } from 'node:crypto';

/**
 * The same bank account always gives the same fingerprint, and nobody without the server's secret
 * can test a guessed account number against it (a plain hash of ~10 digits would fall to brute force).
 */
export function bankAccountFingerprint(secret: string, routingNumber: string, accountNumber: string): string {
  return createHmac('sha256', secret).update(`${routingNumber}:${accountNumber}`).digest('hex');
}
