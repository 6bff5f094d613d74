import { apiJson } from "~/lib/api";
import type { PasskeyCreationOptions, PasskeyRegistration } from "~/lib/passkeys";
import type { AccountFactors, PasskeyCeremony, PasskeySummary } from "#common/second-factors";

/** Each person's second factors (docs/product.md 5.0, decision 032). Failures are `ApiError`s. */

export interface TotpEnrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

export const loadFactors = (signal?: AbortSignal) =>
  apiJson<AccountFactors>("/api/account/factors", { signal });

export const beginTotp = (password: string) =>
  apiJson<TotpEnrolment>("/api/account/totp", { method: "POST", json: { password } });

export const confirmTotp = (code: string) =>
  apiJson<{ recoveryCodes: string[] }>("/api/account/totp/confirm", {
    method: "POST",
    json: { code },
  });

export const removeTotp = (password: string) =>
  apiJson<undefined>("/api/account/totp", { method: "DELETE", json: { password } });

export const renewRecoveryCodes = (password: string) =>
  apiJson<{ recoveryCodes: string[] }>("/api/account/recovery-codes", {
    method: "POST",
    json: { password },
  });

export const setFactorPolicy = (requiredOfEveryone: boolean) =>
  apiJson<{ requiredOfEveryone: boolean }>("/api/staff/factor-policy", {
    method: "PUT",
    json: { requiredOfEveryone },
  });

export const beginPasskey = (password: string) =>
  apiJson<PasskeyCeremony<PasskeyCreationOptions>>("/api/account/passkeys/options", {
    method: "POST",
    json: { password },
  });

export const finishPasskey = (ticket: string, name: string, credential: PasskeyRegistration) =>
  apiJson<PasskeySummary>("/api/account/passkeys", {
    method: "POST",
    json: { ticket, name, credential },
  });

export const removePasskey = (id: string, password: string) =>
  apiJson<undefined>(`/api/account/passkeys/${encodeURIComponent(id)}`, {
    method: "DELETE",
    json: { password },
  });
