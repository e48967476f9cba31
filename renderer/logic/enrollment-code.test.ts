// The enrollment code as a hurried supervisor types it, and when the counter must be enrolled.
import { describe, expect, it } from 'vitest';
import { enrollmentCodeState, enrollmentCodeToSend, normalEnrollmentCode } from './enrollment-code';
import { enrollmentNeeded } from './store-enrollment';

describe('the enrollment code field', () => {
  it('takes spaces, dashes and lower case as typed, and sends the code as the technician saw it', () => {
    for (const typed of ['ABCD-EFGH-JKLM', 'abcd efgh jklm', ' abcdefghjklm ', 'AbCd-EfGh JkLm']) {
      expect(enrollmentCodeState(typed)).toEqual({ status: 'valid' });
      expect(enrollmentCodeToSend(typed)).toBe('ABCD-EFGH-JKLM');
    }
    expect(normalEnrollmentCode('ab-cd ef')).toBe('ABCDEF');
  });

  it('says what is wrong before anything is sent', () => {
    expect(enrollmentCodeState('')).toEqual({ status: 'empty' });
    expect(enrollmentCodeState('  - ')).toEqual({ status: 'empty' });
    expect(enrollmentCodeState('ABCD-EFGH')).toMatchObject({ status: 'hint' });
    // 0, 1, O and I are not in a code (read aloud, they are mistaken for each other).
    for (const typed of ['ABCD-EFGH-JKL0', 'OBCD-EFGH-JKLM', 'ABCD-1FGH-JKLM', 'ABCD_EFGH_JKLM'])
      expect(enrollmentCodeState(typed)).toMatchObject({
        status: 'error',
        message: 'storeDb.enroll.codeChars',
      });
    expect(enrollmentCodeState('ABCD-EFGH-JKLM-N')).toMatchObject({
      status: 'error',
      message: 'storeDb.enroll.codeLong',
    });
  });
});

describe('when the counter must be enrolled', () => {
  it('only on a refusal an enrollment code ends', () => {
    for (const category of ['not-enrolled', 'key-mismatch', 'other-store'] as const)
      expect(enrollmentNeeded({ state: 'refused', last_error_category: category })).toBe(category);
    for (const category of ['auth', 'enrollment-code', 'clock', 'permission', null] as const)
      expect(enrollmentNeeded({ state: 'refused', last_error_category: category })).toBeNull();
    expect(enrollmentNeeded({ state: 'unreachable', last_error_category: 'not-enrolled' })).toBe(
      null,
    );
    expect(enrollmentNeeded(null)).toBeNull();
  });
});
