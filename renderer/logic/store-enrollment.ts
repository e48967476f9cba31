// When this counter must be enrolled in its store before the store database takes its lines
// (docs/store-database.md "Setting a counter"): the replication is refused for a reason only a
// technician's enrollment code answers. The top bar (first chunk) and the Settings card read it,
// so it names no text.
import type { ReplicationState, StoreDbErrorCategory } from '../../shared/store/replication-state';

/** The refusals an enrollment code ends: not enrolled, another key, another store. */
export const ENROLLMENT_CATEGORIES = ['not-enrolled', 'key-mismatch', 'other-store'] as const;
export type EnrollmentCategory = (typeof ENROLLMENT_CATEGORIES)[number];

export function isEnrollmentCategory(
  category: StoreDbErrorCategory | null | undefined,
): category is EnrollmentCategory {
  return (ENROLLMENT_CATEGORIES as readonly (string | null | undefined)[]).includes(category);
}

/** The reason this counter must be enrolled (its lines wait meanwhile), or null. */
export function enrollmentNeeded(
  state: Pick<ReplicationState, 'state' | 'last_error_category'> | null | undefined,
): EnrollmentCategory | null {
  if (state?.state !== 'refused') return null;
  return isEnrollmentCategory(state.last_error_category) ? state.last_error_category : null;
}
