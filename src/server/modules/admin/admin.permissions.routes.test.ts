import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtInRolePermissions,
  builtInRoles,
  staffPermissions,
  type BuiltInRole,
  type StaffPermission,
} from '../../../domain/staff-permissions';
import { signInStaff, OPEN_ADMIN_OPERATIONS } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';

// The permission matrix: every admin operation × every built-in role, read from the API's own
// OpenAPI document (each operation names its permission there), so an operation added later is
// covered without touching this test.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const OPEN = OPEN_ADMIN_OPERATIONS;

type Operation = { method: string; path: string; permission: string | undefined };

async function operations(): Promise<Operation[]> {
  const doc = (await new TestClient(t.app, '10.52.0.1').get('/api/docs/json')).json() as {
    paths: Record<string, Record<string, { 'x-permission'?: string }>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        permission: op['x-permission'],
      })),
    );
}

describe('staff permissions', () => {
  it('every admin operation declares one permission from the list (only the sign-in steps are open)', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(100);
    const undeclared = ops.filter((o) => !o.permission && !OPEN.has(`${o.method} ${o.path}`));
    expect(undeclared).toEqual([]);
    const known = new Set<string>([...staffPermissions, 'signed-in']);
    expect(ops.filter((o) => o.permission && !known.has(o.permission))).toEqual([]);
    // Every permission guards at least one operation: none is a label without a door.
    const used = new Set(ops.map((o) => o.permission));
    expect(staffPermissions.filter((p) => !used.has(p))).toEqual([]);
  });

  it.each([...builtInRoles, 'no role' as const])(
    'a staff member with %s gets exactly the operations of their permissions; the rest answer 403',
    async (role) => {
      const held: readonly StaffPermission[] = role === 'no role' ? [] : builtInRolePermissions[role];
      const { client } = await signInStaff(t, role === 'no role' ? [] : [role as BuiltInRole]);
      const wrong: string[] = [];
      for (const { method, path, permission } of await operations()) {
        if (!permission) continue;
        const url = path.replace(/\{[^}]+\}/g, crypto.randomUUID());
        // A body the operations refuse or that names nothing: what matters is whether the permission let it through.
        const res = await client.request(
          method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url,
          method === 'GET' ? undefined : {},
        );
        const denied = res.statusCode === 403 && res.json().error.code === 'PERMISSION_DENIED';
        const allowed = permission === 'signed-in' || held.includes(permission as StaffPermission);
        if (allowed === denied) wrong.push(`${method} ${path} (${permission}) -> ${res.statusCode}`);
        if (denied) expect(res.json().error.message).toMatch(/Your staff role does not allow this/);
      }
      expect(wrong).toEqual([]);
      // The session itself says what the panel may show.
      expect((await client.get('/api/admin/session')).json().permissions).toEqual(
        staffPermissions.filter((p) => held.includes(p)),
      );
    },
  );
});
