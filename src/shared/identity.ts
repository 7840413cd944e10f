/**
 * Identity documents, and the sandbox's documented test document numbers (like a card network's
 * test cards). Keep in step with the README's sandbox section and the sandbox identity page.
 */
export const identityDocumentTypes = ['passport', 'driving_license', 'id_card'] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];

/** Letters and digits, as printed on passports, licences and ID cards. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Z0-9]{4,20}$/;

export type SandboxIdentityBehaviour = 'verified' | 'document_expired' | 'document_unverified';

/** Any other valid document number is verified. */
export const SANDBOX_TEST_DOCUMENTS: readonly {
  documentNumber: string;
  behaviour: SandboxIdentityBehaviour;
}[] = [
  { documentNumber: 'PASS0000', behaviour: 'verified' },
  { documentNumber: 'FAIL0001', behaviour: 'document_expired' },
  { documentNumber: 'FAIL0002', behaviour: 'document_unverified' },
];

export function sandboxIdentityBehaviour(documentNumber: string): SandboxIdentityBehaviour {
  return SANDBOX_TEST_DOCUMENTS.find((d) => d.documentNumber === documentNumber)?.behaviour ?? 'verified';
}
