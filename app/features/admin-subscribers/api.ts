import { apiJson } from "~/lib/api";
import type { SmsSubscriber } from "../../../common/sms";

/** The CSV of every subscriber with their consent record (an attachment; same session cookie). */
export const SUBSCRIBERS_CSV_URL = "/api/admin/sms/subscribers.csv";

export async function listSubscribers(signal?: AbortSignal): Promise<SmsSubscriber[]> {
  const { subscribers } = await apiJson<{ subscribers: SmsSubscriber[] }>(
    "/api/admin/sms/subscribers",
    {
      signal,
    },
  );
  return subscribers;
}
