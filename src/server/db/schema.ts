import type { ColumnType, Generated } from "kysely";

/** Timestamps are ISO-8601 strings in UTC on both engines, so they compare and sort the same way. */
export type Timestamp = string;

export interface ContactMessageTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
  /** Hash of the fields, so a visitor who resends after a failure does not store the same message twice. */
  fingerprint: string;
  /** The mail that tells the school about this message. */
  mailOutboxId: number | null;
  createdAt: Timestamp;
}

export type MailStatus = "pending" | "sent" | "logged";

export interface MailOutboxTable {
  id: Generated<number>;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  body: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Timestamp;
  sentAt: Timestamp | null;
  createdAt: Timestamp;
}

/**
 * better-auth's own columns follow its adapter: a date is a timestamptz on PostgreSQL (read as a Date) and an
 * ISO string on SQLite; a boolean is a boolean on PostgreSQL and 0/1 on SQLite. Writing an ISO string or 0/1
 * works on both engines; read them through `toDate` and `Boolean`.
 */
export type AuthDate = ColumnType<Date | string, string, string>;
export type AuthBoolean = ColumnType<boolean | number, number, number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBoolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  /** The admin plugin's role: "admin" for the school's admins, "user" for everyone else. */
  role: string | null;
  banned: AuthBoolean | null;
  banReason: string | null;
  banExpires: AuthDate | null;
  mustChangePassword: AuthBoolean | null;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
  /** Last authenticated API request (the idle sign-out reads it). */
  lastActiveAt: AuthDate | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  /** better-auth's scrypt hash; never read or written here except as better-auth produced it. */
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface ClientTable {
  /** The user's id. */
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  createdAt: Timestamp;
  role: "client";
  defaultPackType: string | null;
  firstNameSearch: string;
  lastNameSearch: string;
}

export interface SubscriptionPlanTable {
  id: Generated<number>;
  clientId: string;
  /** 0 or 1 on both engines. */
  isActive: number;
  totalClasses: number;
  usedClasses: number;
  packType: string;
  subscriptionId: string | null;
  createdAt: Timestamp;
}

export interface SignInFailureTable {
  id: Generated<number>;
  /** Lower-cased, whether or not an account has it. */
  email: string;
  ipAddress: string;
  createdAt: Timestamp;
}

export interface Database {
  contactMessage: ContactMessageTable;
  mailOutbox: MailOutboxTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  client: ClientTable;
  subscriptionPlan: SubscriptionPlanTable;
  signInFailure: SignInFailureTable;
}

export function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}
