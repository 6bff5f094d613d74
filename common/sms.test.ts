import { describe, expect, it } from "vitest";
import { smsSubscriptionSchema } from "./sms-schemas.js";
import { isOptOutInWords, isSitePath, SMS_CONSENT_TEXT, smsKeywordAction } from "./sms.js";

describe("SMS opt-in", () => {
  it("the consent text says what is sent, by whom, and how to stop", () => {
    for (const part of [
      "interactive movie viewings",
      "event reminders",
      "interactive prompts",
      "occasional promotions",
      "Reply STOP to unsubscribe",
    ]) {
      expect(SMS_CONSENT_TEXT).toContain(part);
    }
  });

  it("the schema turns a valid number into E.164 and uses the exact messages", () => {
    const schema = smsSubscriptionSchema;
    expect(schema.parse({ phone: "(206) 555-0100" })).toEqual({ phone: "+12065550100" });
    const blank = schema.safeParse({ phone: " " });
    expect(blank.success ? "" : blank.error.issues[0]?.message).toBe(
      "Please enter a valid phone number",
    );
    const short = schema.safeParse({ phone: "555" });
    expect(short.success ? "" : short.error.issues[0]?.message).toBe(
      "Please enter a valid 10-digit phone number",
    );
    expect(schema.parse({ phone: "2065550100", source: "/sms-opt-in" }).source).toBe("/sms-opt-in");
  });

  it("recognises keywords only as the whole text, any case, surrounding spaces ignored", () => {
    expect(smsKeywordAction(" stop ")).toBe("stop");
    expect(smsKeywordAction("OptOut")).toBe("stop");
    expect(smsKeywordAction("unstop")).toBe("start");
    expect(smsKeywordAction("Help")).toBe("help");
    expect(smsKeywordAction("stop please")).toBe("none");
  });

  it("accepts site paths only as a source", () => {
    expect(isSitePath("/sms-opt-in")).toBe(true);
    for (const bad of [
      "",
      "sms",
      "//evil.example",
      "https://x.example/",
      "/a b",
      "/x?y",
      "/" + "a".repeat(200),
    ]) {
      expect(isSitePath(bad), bad).toBe(false);
    }
  });
});

describe("isOptOutInWords", () => {
  it("hears stop in people's words", () => {
    for (const words of [
      "Stop please",
      "please stop texting me",
      "unsubscribe me",
      "no more texts",
      "PARAR",
      "BAJA",
      "Please STOP!",
      "stop sending me messages",
      "remove me from this list",
      "don't send more texts",
    ]) {
      expect(isOptOutInWords(words), words).toBe(true);
    }
  });

  it("leaves the exact keywords to the provider and ignores everything else", () => {
    for (const words of [
      "STOP",
      "unsubscribe",
      "Cancel",
      "I will stop by the workshop tomorrow",
      "Can you stop the video at minute 3 next time?",
      "hello",
      "",
      "when does it start",
    ]) {
      expect(isOptOutInWords(words), words).toBe(false);
    }
  });
});
