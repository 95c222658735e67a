import { describe, expect, it } from "vitest";
import type { Role } from "../../domain/auth.ts";
import { adminPaths, clientPaths, paths } from "../../domain/paths.ts";
import type { AuthState } from "./auth-store.ts";
import { guardRedirect } from "./route-guard.tsx";

const as = (role: Role, mustChangePassword = false): AuthState => ({
  status: role,
  user: {
    id: "u1",
    email: "u@example.com",
    name: "U",
    role,
    mustChangePassword,
    locale: "en",
    guardianOf: null,
  },
});

describe("guardRedirect", () => {
  it("sends a visitor home from every guarded path", () => {
    for (const path of [...clientPaths, ...adminPaths])
      expect(guardRedirect({ status: "signed-out" }, path)).toBe("/");
  });

  it("lets an admin open every guarded path", () => {
    for (const path of [...clientPaths, ...adminPaths]) expect(guardRedirect(as("admin"), path)).toBeNull();
  });

  it("lets a client open only the client paths, and sends it to /client-panel from any other", () => {
    for (const path of clientPaths) expect(guardRedirect(as("client"), path)).toBeNull();
    for (const path of adminPaths) expect(guardRedirect(as("client"), path)).toBe(paths.clientPanel);
  });

  it("lets an instructor open only their day, their lessons' pages and their hours, and sends them to their day from any other", () => {
    for (const path of [
      paths.today,
      paths.overview,
      paths.manageBookings,
      paths.adminFeedback,
      paths.instructors,
    ])
      expect(guardRedirect(as("instructor"), path)).toBeNull();
    for (const path of [...clientPaths, paths.admin, paths.clientsList, paths.adminGallery, paths.reports])
      expect(guardRedirect(as("instructor"), path)).toBe(paths.today);
    expect(guardRedirect(as("instructor", true), paths.today)).toBe(paths.changePassword);
    expect(guardRedirect(as("instructor"), paths.changePassword)).toBe(paths.today);
  });

  it("lets a client open both links to the payments page and a local checkout page", () => {
    for (const path of [paths.payments, paths.managePayments, "/checkout/local/lcs_abc-123"])
      expect(guardRedirect(as("client"), path)).toBeNull();
    expect(guardRedirect(as("admin"), "/checkout/local/lcs_abc-123")).toBeNull();
    expect(guardRedirect({ status: "signed-out" }, "/checkout/local/lcs_abc-123")).toBe("/");
    for (const path of ["/checkout/local/", "/checkout/local/a/b", "/checkout/other/lcs_1"])
      expect(guardRedirect(as("client"), path)).toBe(paths.clientPanel);
  });

  it("keeps a user who must change the password on the change-password page", () => {
    expect(guardRedirect(as("client", true), paths.clientPanel)).toBe(paths.changePassword);
    expect(guardRedirect(as("client", true), paths.changePassword)).toBeNull();
    expect(guardRedirect(as("client"), paths.changePassword)).toBe(paths.clientPanel);
  });

  it("decides nothing while the role is loading", () => {
    expect(guardRedirect({ status: "loading" }, paths.admin)).toBeNull();
  });
});
