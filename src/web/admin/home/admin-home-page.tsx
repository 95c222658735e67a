import { WaitingCertificates } from "../certificates/waiting-certificates.tsx";
import { CreateBookingView } from "../create-booking/create-booking-view.tsx";
import { useAdminHomeView } from "../layout/admin-layout.tsx";
import { RegisterClientView } from "../register-client/register-client-view.tsx";
import { SetupChecklist } from "../settings/setup-checklist.tsx";
import { RescheduleRequests } from "../today/reschedule-requests.tsx";

/**
 * /admin: Register Client, or Create Booking when the Create Booking link brought the admin here or the side menu
 * picked it while already here (spec §2), under the setup checklist while the school still holds sample values.
 * This page composes the features; they never import each other.
 */
export function AdminHomePage() {
  return (
    <>
      <SetupChecklist />
      <WaitingCertificates />
      <RescheduleRequests />
      {useAdminHomeView() === "create-booking" ? <CreateBookingView /> : <RegisterClientView />}
    </>
  );
}
