import { type Context, Hono } from "hono";
import {
  type BookingDraftResponse,
  type BookingPageResponse,
  type BookWithCreditResponse,
  bookingMessages,
  type ClientBookingsResponse,
  type SaveBookingResponse,
} from "../../domain/bookings.ts";
import {
  bookingIdParam,
  bookingListQuerySchema,
  bookWithCreditSchema,
  editBookingSchema,
  lessonScheduleSchema,
  lessonSwimmersSchema,
  saveBookingSchema,
  saveFeedbackSchema,
} from "../../domain/bookings-schemas.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { clientIdParam, parseJsonBody, parseQuery } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import {
  bookingDraft,
  bookWithCredit,
  clientBookings,
  deleteBooking,
  editBooking,
  feedbackPage,
  manageBookingsPage,
  saveBooking,
  saveFeedback,
  setClassSchedule,
  setClassSwimmers,
} from "./service.ts";

function bookingId(c: Context): number {
  const parsed = bookingIdParam.safeParse(c.req.param("bookingId"));
  if (!parsed.success) throw appError("validation", 400, "Invalid booking id.", { field: "bookingId" });
  return parsed.data;
}

/** /api/bookings: the admin's Create Booking, Manage Bookings and Add Feedback (spec §2, §4, §5). */
export function bookingRoutes(deps: Wiring & { guard: SessionGuard }) {
  const { requireAdmin, requireStaff } = deps.guard;
  return (
    new Hono<AppEnv>()
      // An instructor's lists hold the bookings of their own lessons, with those lessons only (docs/decisions/021).
      .get("/", requireStaff, async (c) =>
        c.json<BookingPageResponse>(
          await manageBookingsPage(deps, parseQuery(c, bookingListQuerySchema), c.get("signedIn")),
        ),
      )
      .get("/feedback-list", requireStaff, async (c) =>
        c.json<BookingPageResponse>(
          await feedbackPage(deps, parseQuery(c, bookingListQuerySchema), c.get("signedIn")),
        ),
      )
      .get("/draft/:clientId", requireAdmin, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json<BookingDraftResponse>(await bookingDraft(deps, clientIdParam(c)));
      })
      .post("/", requireAdmin, async (c) => {
        const input = await parseJsonBody(c, saveBookingSchema);
        return c.json<SaveBookingResponse>(await saveBooking(deps, input, c.get("signedIn")));
      })
      // The owner books one date with one of the household's class credits (docs/decisions/032).
      .post("/credit-lesson", requireAdmin, async (c) => {
        const input = await parseJsonBody(c, bookWithCreditSchema);
        return c.json<BookWithCreditResponse>(await bookWithCredit(deps, input, c.get("signedIn")));
      })
      .patch("/:bookingId", requireAdmin, async (c) => {
        const id = bookingId(c);
        const input = await parseJsonBody(c, editBookingSchema);
        return c.json<SaveBookingResponse>(await editBooking(deps, id, input, c.get("signedIn")));
      })
      .delete("/:bookingId", requireAdmin, async (c) => {
        await deleteBooking(deps, bookingId(c));
        return c.json({ message: bookingMessages.deleted });
      })
      .put("/:bookingId/swimmers", requireAdmin, async (c) => {
        const id = bookingId(c);
        const input = await parseJsonBody(c, lessonSwimmersSchema);
        return c.json<SaveBookingResponse>(await setClassSwimmers(deps, id, input));
      })
      .put("/:bookingId/schedule", requireStaff, async (c) => {
        const id = bookingId(c);
        const input = await parseJsonBody(c, lessonScheduleSchema);
        return c.json<SaveBookingResponse>(await setClassSchedule(deps, id, input, c.get("signedIn")));
      })
      .put("/:bookingId/feedback", requireStaff, async (c) => {
        const id = bookingId(c);
        const input = await parseJsonBody(c, saveFeedbackSchema);
        return c.json<SaveBookingResponse>(await saveFeedback(deps, id, input, c.get("signedIn")));
      })
  );
}

/** /api/clients/:clientId/bookings: the client's own bookings, progress and feedback (or any, for an admin). */
export function clientBookingRoutes(deps: Wiring & { guard: SessionGuard }) {
  return new Hono<AppEnv>().get(
    "/:clientId/bookings",
    deps.guard.requireClientAccess("clientId", "progress"),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json<ClientBookingsResponse>(await clientBookings(deps, clientIdParam(c)));
    },
  );
}
