// The trainer controls are the mock's, never the service's: every one is flagged mock-only and
// lives under /__mock/, and none of them is in the service catalogue the live client reads.
import { describe, expect, it } from 'vitest';
import { serviceEndpoints } from './endpoints';
import { trainerControls } from './trainer-controls';

describe('the trainer controls catalogue', () => {
  const controls = Object.entries(trainerControls);

  it('flags every control mock-only, under /__mock/', () => {
    expect(controls.length).toBeGreaterThan(10);
    for (const [name, spec] of controls) {
      expect(spec.mockOnly, name).toBe(true);
      expect(spec.path, name).toMatch(/^\/__mock\//);
      expect(name).toMatch(/^trainer[A-Z]/);
    }
  });

  it('shares no name and no path with the service catalogue, which has no mock-only entry', () => {
    const servicePaths = new Set<string>(Object.values(serviceEndpoints).map((s) => s.path));
    for (const [name, spec] of controls) {
      expect(Object.keys(serviceEndpoints)).not.toContain(name);
      expect(servicePaths.has(spec.path), spec.path).toBe(false);
    }
    for (const [name, spec] of Object.entries(serviceEndpoints)) {
      expect('mockOnly' in spec, name).toBe(false);
      expect(spec.path, name).not.toMatch(/^\/__mock\//);
    }
  });
});
