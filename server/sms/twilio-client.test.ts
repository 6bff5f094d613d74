import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeTwilio, type FakeTwilio } from "../test-support/fake-twilio.js";
import { createTwilioClient, RetryableSendError } from "./twilio-client.js";
import { twilioSignatureMatches } from "./twilio-signature.js";

const SID = `AC${"1".repeat(32)}`;
const TOKEN = "auth-token-for-tests";
const FROM = "+12065550199";

/** The fake against the client, and a receiver standing in for the app's status URL. */
describe("Twilio client against the local fake of the Messages API", () => {
  let fake: FakeTwilio | undefined;
  let receiver: ReturnType<typeof createServer> | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
    receiver = undefined;
  });

  async function setUp(options: { reportStatuses?: boolean; service?: boolean } = {}) {
    const reports: Array<{ valid: boolean; params: Array<[string, string]> }> = [];
    receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const params = [...new URLSearchParams(body)];
        const url = `http://127.0.0.1:${(receiver!.address() as AddressInfo).port}/api/sms/status`;
        const signature = request.headers["x-twilio-signature"];
        reports.push({
          valid: twilioSignatureMatches(
            typeof signature === "string" ? signature : undefined,
            TOKEN,
            url,
            params,
          ),
          params,
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
    const statusCallback = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/sms/status`;
    const service = `MG${"2".repeat(32)}`;
    fake = await startFakeTwilio({
      accountSid: SID,
      authToken: TOKEN,
      ...(options.service ? { messagingServiceSid: service } : { from: FROM }),
      statusCallback,
      reportStatuses: options.reportStatuses ?? false,
    });
    const client = createTwilioClient({
      apiUrl: fake.url,
      accountSid: SID,
      authToken: TOKEN,
      ...(options.service ? { messagingServiceSid: service } : { from: FROM }),
      statusCallback,
    });
    return { client, fake, reports };
  }

  it("sends exactly To, From, Body and StatusCallback with Basic auth; 201 gives the sid", async () => {
    const { client, fake } = await setUp();
    const result = await client.send("+12065550100", "Commons: hello. Reply STOP to opt out");
    expect(result).toMatchObject({ outcome: "accepted", status: "queued" });
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]!.form.map(([name]) => name).sort()).toEqual([
      "Body",
      "From",
      "StatusCallback",
      "To",
    ]);
    expect(result.outcome === "accepted" && result.sid).toBe(fake.messages[0]!.sid);
  });

  it("names a messaging service instead of a From number when configured", async () => {
    const { client, fake } = await setUp({ service: true });
    expect(await client.send("+12065550100", "hi")).toMatchObject({ status: "accepted" });
    expect(fake.messages[0]!.form.map(([name]) => name)).toContain("MessagingServiceSid");
  });

  it("wrong credentials are refused by the fake and retried by the client, never final", async () => {
    const { fake } = await setUp();
    const wrong = createTwilioClient({
      apiUrl: fake.url,
      accountSid: SID,
      authToken: "not the token",
      from: FROM,
      statusCallback: "http://127.0.0.1:1/api/sms/status",
    });
    await expect(wrong.send("+12065550100", "hi")).rejects.toBeInstanceOf(RetryableSendError);
    expect(fake.messages).toHaveLength(0);
  });

  it("21211 and 21610 are final refusals with their codes", async () => {
    const { client, fake } = await setUp();
    fake.invalidNumbers.add("+12065550111");
    fake.unsubscribedNumbers.add("+12065550112");
    expect(await client.send("+12065550111", "hi")).toMatchObject({
      outcome: "refused",
      code: "21211",
    });
    expect(await client.send("+12065550112", "hi")).toMatchObject({
      outcome: "refused",
      code: "21610",
    });
  });

  it("429, 500 and a dropped connection are retryable", async () => {
    const { client, fake } = await setUp();
    fake.script({ status: 429 }, { status: 500 }, { drop: "before-accept" });
    for (let i = 0; i < 3; i += 1) {
      await expect(client.send("+12065550100", "hi")).rejects.toBeInstanceOf(RetryableSendError);
    }
    expect(fake.messages).toHaveLength(0);
  });

  it("finds a message created before the connection dropped, by number and exact body", async () => {
    const { client, fake } = await setUp();
    const since = new Date().toISOString();
    fake.script({ drop: "after-accept" });
    await expect(client.send("+12065550100", "the body")).rejects.toBeInstanceOf(
      RetryableSendError,
    );
    expect(fake.messages).toHaveLength(1);
    const found = await client.findCreated("+12065550100", "the body", since);
    expect(found?.sid).toBe(fake.messages[0]!.sid);
    expect(await client.findCreated("+12065550100", "another body", since)).toBeUndefined();
    expect(await client.findCreated("+12065550101", "the body", since)).toBeUndefined();
  });

  it("posts sent then delivered, signed exactly as Twilio signs", async () => {
    const { client, reports } = await setUp({ reportStatuses: true });
    await client.send("+12065550100", "hi");
    await expect.poll(() => reports.length).toBe(2);
    expect(reports.map((report) => report.valid)).toEqual([true, true]);
    expect(reports.map((report) => new Map(report.params).get("MessageStatus"))).toEqual([
      "sent",
      "delivered",
    ]);
  });
});
