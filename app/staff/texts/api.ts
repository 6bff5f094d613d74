import { apiJson } from "~/lib/api";
import type { SendHours } from "#common/sms-hours";
import type { SmsReply, SmsSettings, TextCreated, TextInput, TextList } from "#common/texts";

export function listTexts(signal?: AbortSignal): Promise<TextList> {
  return apiJson<TextList>("/api/texts", { signal });
}

export function createText(input: TextInput): Promise<TextCreated> {
  return apiJson<TextCreated>("/api/texts", { method: "POST", json: input });
}

export function cancelText(id: string): Promise<void> {
  return apiJson<void>(`/api/texts/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export async function listReplies(signal?: AbortSignal): Promise<SmsReply[]> {
  return (await apiJson<{ replies: SmsReply[] }>("/api/texts/replies", { signal })).replies;
}

export function saveSendHours(sendHours: SendHours): Promise<SmsSettings> {
  return apiJson<SmsSettings>("/api/sms/settings", { method: "PUT", json: { sendHours } });
}
