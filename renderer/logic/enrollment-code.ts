// The technician's one-time enrollment code as a supervisor types it (docs/store-database.md
// "Setting a counter"): 12 letters and digits shown as XXXX-XXXX-XXXX, of an alphabet without
// 0/O and 1/I (migration 0110's store_db_make_enrollment_code). Spaces, dashes and lower case as
// typed are fine; the database reads the code the same way (store_db_normal_code).
import type { FieldState } from './sale-form';

const ALPHABET = /^[A-HJ-NP-Z2-9]*$/;
export const ENROLLMENT_CODE_LENGTH = 12;

/** The code without spaces and dashes, in capitals. */
export function normalEnrollmentCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

export function enrollmentCodeState(typed: string): FieldState {
  const code = normalEnrollmentCode(typed);
  if (code === '') return { status: 'empty' };
  if (!ALPHABET.test(code)) return { status: 'error', message: 'storeDb.enroll.codeChars' };
  if (code.length > ENROLLMENT_CODE_LENGTH) {
    return { status: 'error', message: 'storeDb.enroll.codeLong' };
  }
  if (code.length < ENROLLMENT_CODE_LENGTH) {
    return { status: 'hint', message: 'storeDb.enroll.codeHint' };
  }
  return { status: 'valid' };
}

/** What is sent: the code as the technician's screen shows it, XXXX-XXXX-XXXX. */
export function enrollmentCodeToSend(typed: string): string {
  const code = normalEnrollmentCode(typed);
  return [code.slice(0, 4), code.slice(4, 8), code.slice(8, 12)].join('-');
}
